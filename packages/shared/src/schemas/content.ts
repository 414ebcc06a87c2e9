import { z } from '../zodErrors.ts';

/** Tutorials list (part2 §3): served by our own server by default, or from TUTORIALS_URL. */
export const tutorialVideo = z.object({
  title: z.string(),
  v2Thumbnail: z.string(),
  video: z.string(),
  orderId: z.number(),
  deviceTypes: z.array(z.string()),
});
export const tutorial = z.object({
  title: z.string(),
  orderId: z.number(),
  videos: z.array(tutorialVideo),
});
export const tutorialList = z.array(tutorial);
export type Tutorial = z.infer<typeof tutorial>;
export type TutorialVideo = z.infer<typeof tutorialVideo>;

/** GET /api/Config: public client configuration. */
export const clientConfig = z.object({
  avatarBuilderUrl: z.string().nullable(),
  defaultAvatarUrl: z.string(),
  tutorialsUrl: z.string(),
  patchNotesUrl: z.string(),
  /** The operator's knowledge base, or this server's own support page. */
  supportUrl: z.string(),
  /** Null links are not shown: the operator has not configured them. */
  websiteUrl: z.string().nullable(),
  blogUrl: z.string().nullable(),
  /** The operator's terms and privacy policy, or the defaults this server serves. */
  termsUrl: z.string(),
  privacyUrl: z.string(),
  contact: z.object({
    phone: z.string().nullable(),
    supportEmail: z.string().nullable(),
    salesEmail: z.string().nullable(),
  }),
  downloads: z.object({
    metaStoreUrl: z.string().nullable(),
    picoApkUrl: z.string().nullable(),
    windowsInstallerUrl: z.string().nullable(),
    knowledgeBaseUrl: z.string(),
    changelogUrl: z.string().nullable(),
  }),
  /** Whether this server can link Meta accounts (META_APP_ID, META_APP_SECRET and META_ORGANIZATION_ID are set). */
  metaLinking: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

/** The builds the Download page offers; a click on one is counted (the admin overview's downloads). */
export const DownloadPlatforms = ['metaStore', 'picoApk', 'windowsInstaller'] as const;
export type DownloadPlatform = (typeof DownloadPlatforms)[number];
/** POST /api/Content/Downloads: a signed-in user started a download from the Download page. */
export const downloadRecord = z.object({ platform: z.enum(DownloadPlatforms) });

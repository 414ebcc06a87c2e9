import { z } from 'zod';

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
  supportUrl: z.string(),
  websiteUrl: z.string(),
  blogUrl: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  contact: z.object({ phone: z.string(), supportEmail: z.string(), salesEmail: z.string() }),
  downloads: z.object({
    metaStoreUrl: z.string(),
    picoApkUrl: z.string(),
    windowsInstallerUrl: z.string(),
    knowledgeBaseUrl: z.string(),
    changelogUrl: z.string(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfig>;

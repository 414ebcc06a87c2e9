import type { ClientConfig } from '@roomscale/shared';
import type { Config } from '../../config.ts';

/** Where the bundled tutorials list is served when TUTORIALS_URL is not set. */
export const OWN_TUTORIALS_PATH = '/api/Content/tutorials';

/** This server's own pages, served from the web app's public files (apps/web/public). */
export const OWN_PAGES = {
  support: '/support.html',
  terms: '/terms-of-service.html',
  privacy: '/privacy-policy.html',
  patchNotes: '/patch-notes.html',
} as const;

/**
 * The client configuration of GET /api/Config: every URL the dashboard links to. Content that
 * has a local default (tutorials, patch notes, default avatar, support, terms and privacy pages)
 * is served by this same server, so a fresh install works offline; links with no local
 * counterpart (website, blog, contacts, app builds) are null until the operator sets them, and
 * the dashboard then leaves them out instead of linking nowhere.
 */
export function clientConfigOf(config: Config): ClientConfig {
  const links = config.links;
  const support = links.support ?? OWN_PAGES.support;
  return {
    avatarBuilderUrl: config.avatarBuilderUrl ?? null,
    defaultAvatarUrl: `${config.publicUrl}/avatars/default.glb`,
    tutorialsUrl: config.tutorialsUrl ?? OWN_TUTORIALS_PATH,
    patchNotesUrl: config.patchNotesUrl ?? OWN_PAGES.patchNotes,
    supportUrl: support,
    websiteUrl: links.website ?? null,
    blogUrl: links.blog ?? null,
    termsUrl: links.terms ?? OWN_PAGES.terms,
    privacyUrl: links.privacy ?? OWN_PAGES.privacy,
    contact: {
      phone: links.contact.phone ?? null,
      supportEmail: links.contact.supportEmail ?? null,
      salesEmail: links.contact.salesEmail ?? null,
    },
    downloads: {
      metaStoreUrl: links.downloads.metaStore ?? null,
      picoApkUrl: links.downloads.picoApk ?? null,
      windowsInstallerUrl: links.downloads.windowsInstaller ?? null,
      knowledgeBaseUrl: support,
      changelogUrl: links.changelog ?? null,
    },
    metaLinking: config.meta !== undefined,
  };
}

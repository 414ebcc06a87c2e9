import type { ClientConfig } from '@roomscale/shared';
import type { Config } from '../../config.ts';

/** Where the bundled tutorials list is served when TUTORIALS_URL is not set. */
export const OWN_TUTORIALS_PATH = '/api/Content/tutorials';

/** The product's public web presence. Self-hosters keep these; they are links, not services. */
const website = 'https://roomscale.example';

/**
 * The client configuration of GET /api/Config: every product URL the dashboard links to.
 * Content that has a local default (tutorials, patch notes, default avatar) is served by this
 * same server, so a fresh install works offline.
 */
export function clientConfigOf(config: Config): ClientConfig {
  const support = config.supportUrl.replace(/\/+$/, '');
  return {
    avatarBuilderUrl: config.avatarBuilderUrl ?? null,
    defaultAvatarUrl: `${config.publicUrl}/avatars/default.glb`,
    tutorialsUrl: config.tutorialsUrl ?? OWN_TUTORIALS_PATH,
    patchNotesUrl: config.patchNotesUrl ?? '/patch-notes.html',
    supportUrl: support,
    websiteUrl: website,
    blogUrl: `${website}/blog`,
    termsUrl: `${website}/terms-of-service`,
    privacyUrl: `${website}/privacy-policy`,
    contact: {
      phone: '+31 20 123 4567',
      supportEmail: 'support@roomscale.example',
      salesEmail: 'sales@roomscale.example',
    },
    downloads: {
      metaStoreUrl: 'https://www.meta.com/experiences/roomscale/',
      picoApkUrl: `${website}/downloads/roomscale-pico.apk`,
      windowsInstallerUrl: `${website}/downloads/roomscale-setup.exe`,
      knowledgeBaseUrl: support,
      changelogUrl: `${support}/changelog`,
    },
  };
}

// @vitest-environment happy-dom
import { type ClientConfig, clientConfig } from '@roomscale/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  renderScreen,
  signedInBrowser,
  signedOutBrowser,
  stubBrowser,
} from '../../test/harness.tsx';
import { DownloadsPage } from '../downloads/DownloadsPage.tsx';
import { AppFooter } from './AppFooter.tsx';

// What a fresh install sends (nothing configured) and what an operator's configuration sends;
// parsed with the server's schema so neither can drift from what GET /api/Config answers.
const bare: ClientConfig = clientConfig.parse({
  avatarBuilderUrl: null,
  defaultAvatarUrl: 'http://localhost:8080/avatars/default.glb',
  tutorialsUrl: '/api/Content/tutorials',
  patchNotesUrl: '/patch-notes.html',
  supportUrl: '/support.html',
  websiteUrl: null,
  blogUrl: null,
  termsUrl: '/terms-of-service.html',
  privacyUrl: '/privacy-policy.html',
  contact: { phone: null, supportEmail: null, salesEmail: null },
  downloads: {
    metaStoreUrl: null,
    picoApkUrl: null,
    windowsInstallerUrl: null,
    knowledgeBaseUrl: '/support.html',
    changelogUrl: null,
  },
  metaLinking: false,
});
const configured: ClientConfig = clientConfig.parse({
  ...bare,
  supportUrl: 'https://help.vr.test',
  websiteUrl: 'https://vr.test',
  blogUrl: 'https://vr.test/news',
  contact: { phone: '+31 20 123 4567', supportEmail: 'help@vr.test', salesEmail: null },
  downloads: {
    metaStoreUrl: 'https://www.meta.com/experiences/1234/',
    picoApkUrl: 'https://cdn.vr.test/app.apk',
    windowsInstallerUrl: null,
    knowledgeBaseUrl: 'https://help.vr.test',
    changelogUrl: 'https://help.vr.test/changelog',
  },
});

const serve = (config: ClientConfig) => mockApi(() => ({ body: config }));
const link = (name: string) => screen.getByRole('link', { name });

beforeEach(() => stubBrowser());
afterEach(() => cleanup());

describe('footer links', () => {
  it('leaves out what is not configured; terms, privacy and support are our own pages', async () => {
    serve(bare);
    renderScreen('/', '/', <AppFooter />);
    expect(
      (await screen.findByRole('link', { name: 'Terms of service' })).getAttribute('href'),
    ).toBe('/terms-of-service.html');
    expect(link('Privacy policy').getAttribute('href')).toBe('/privacy-policy.html');
    expect(link('Support').getAttribute('href')).toBe('/support.html');
    expect(screen.queryByRole('link', { name: 'Website' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Blog' })).toBeNull();
    expect(screen.queryByText('Contact')).toBeNull();
    for (const a of screen.getAllByRole('link'))
      expect(a.getAttribute('href')).not.toMatch(/example/);
  });

  it('shows each configured link and contact, and only those', async () => {
    serve(configured);
    renderScreen('/', '/', <AppFooter />);
    expect((await screen.findByRole('link', { name: 'Website' })).getAttribute('href')).toBe(
      'https://vr.test',
    );
    expect(link('Blog').getAttribute('href')).toBe('https://vr.test/news');
    expect(link('+31 20 123 4567').getAttribute('href')).toBe('tel:+31201234567');
    expect(link('help@vr.test').getAttribute('href')).toBe('mailto:help@vr.test');
    expect(screen.queryByText('Sales')).toBeNull();
  });
});

describe('download page', () => {
  // The one who is told which server setting adds a missing link (DownloadsPage.test.tsx: others
  // are not).
  beforeEach(async () => {
    await signedInBrowser();
    mockApi(() => ({ body: meFixture({ superAdmin: true }) }));
    await session.reloadUser();
  });
  afterEach(() => signedOutBrowser());

  it('shows no build this server has no link for, and says how the operator adds one', async () => {
    serve(bare);
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    expect(await screen.findAllByRole('button', { name: 'Not available yet' })).toHaveLength(3);
    for (const setting of ['META_STORE_URL', 'PICO_APK_URL', 'WINDOWS_INSTALLER_URL']) {
      expect(screen.getByText(new RegExp(`by setting ${setting}\\.`))).toBeVisible();
    }
    expect(screen.queryByRole('link', { name: /Download|Store/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Changelog' })).toBeNull();
    expect(link('Knowledge base').getAttribute('href')).toBe('/support.html');
  });

  it('links the configured builds and keeps the others explained', async () => {
    serve(configured);
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    const store = await screen.findByRole('link', { name: 'Meta Horizon Store' });
    expect(store.getAttribute('href')).toBe('https://www.meta.com/experiences/1234/');
    const apk = link('Download APK');
    expect(apk.getAttribute('href')).toBe('https://cdn.vr.test/app.apk');
    expect(apk.hasAttribute('download')).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Not available yet' })).toHaveLength(1);
    expect(screen.getByText(/by setting WINDOWS_INSTALLER_URL\./)).toBeVisible();
    expect(link('Changelog').getAttribute('href')).toBe('https://help.vr.test/changelog');
  });
});

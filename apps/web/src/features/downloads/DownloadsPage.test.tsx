// @vitest-environment happy-dom

import type { ClientConfig } from '@roomscale/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  configFixture,
  meFixture,
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
} from '../../test/harness.tsx';
import { DownloadsPage } from './DownloadsPage.tsx';

const config = configFixture({
  downloads: {
    ...configFixture().downloads,
    metaStoreUrl: 'https://www.meta.com/experiences/roomscale',
    picoApkUrl: 'https://downloads.example.com/roomscale.apk',
    windowsInstallerUrl: 'https://downloads.example.com/roomscale-setup.exe',
  },
});

/**
 * Clicks a link the way a person does and tells whether the browser would still follow it. The
 * check runs after the page's own handlers (a listener on the document sees the event last); it
 * then stops happy-dom from actually leaving the page.
 */
function clickLink(link: HTMLElement) {
  let followed = false;
  const last = (e: Event) => {
    followed = !e.defaultPrevented;
    e.preventDefault();
  };
  document.addEventListener('click', last);
  fireEvent.click(link);
  document.removeEventListener('click', last);
  return followed;
}

let recorded: unknown[] = [];
let recordStatus = 204;

function mockServer(served: ClientConfig = config) {
  recorded = [];
  return mockApi((method, url, body) => {
    if (url.pathname === '/api/Config') return { body: served };
    if (method === 'POST' && url.pathname === '/api/Content/Downloads') {
      recorded.push(body);
      return recordStatus === 204
        ? { status: 204 }
        : {
            status: recordStatus,
            body: { type: 'about:blank', title: 'Service Unavailable', status: recordStatus },
          };
    }
    return { status: 404 };
  });
}

beforeEach(async () => {
  await signedInBrowser();
  recordStatus = 204;
});
afterEach(() => {
  resetBrowser();
});

describe('DownloadsPage', () => {
  it('counts a click on each store or download button by its platform', async () => {
    mockServer();
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    const store = await screen.findByRole('link', { name: 'Meta Horizon Store' });
    expect(store.getAttribute('href')).toBe(config.downloads.metaStoreUrl);
    expect(clickLink(store)).toBe(true);
    await waitFor(() => expect(recorded).toEqual([{ platform: 'metaStore' }]));

    const apk = screen.getByRole('link', { name: 'Download APK' });
    const exe = screen.getByRole('link', { name: 'Download installer' });
    expect(clickLink(apk)).toBe(true);
    expect(clickLink(exe)).toBe(true);
    await waitFor(() =>
      expect(recorded).toEqual([
        { platform: 'metaStore' },
        { platform: 'picoApk' },
        { platform: 'windowsInstaller' },
      ]),
    );
  });

  it('still downloads, and shows nothing, when counting fails', async () => {
    recordStatus = 503;
    const fetch = mockServer();
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    const apk = await screen.findByRole('link', { name: 'Download APK' });
    expect(apk.getAttribute('href')).toBe(config.downloads.picoApkUrl);
    expect(apk.hasAttribute('download')).toBe(true);
    expect(clickLink(apk)).toBe(true);
    await waitFor(() => expect(recorded).toEqual([{ platform: 'picoApk' }]));
    // The failed answer has arrived and been handled (an unhandled one would fail the run): no
    // alert, no dialog, the link unchanged.
    await act(async () => {
      await fetch.mock.results.at(-1)?.value;
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Service Unavailable/)).toBeNull();
    expect(apk.getAttribute('href')).toBe(config.downloads.picoApkUrl);
  });
});

/** The server's settings without any download link (a fresh install). */
const noLinks = configFixture();

async function signInAs(superAdmin: boolean) {
  mockApi(() => ({ body: meFixture({ superAdmin }) }));
  await session.reloadUser();
}

describe('DownloadsPage without links on this server', () => {
  it('tells a user that the download is not available yet, and nothing of the server', async () => {
    await signInAs(false);
    mockServer(noLinks);
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    expect(await screen.findAllByRole('button', { name: 'Not available yet' })).toHaveLength(3);
    expect(
      screen.getAllByText('The download will be offered here as soon as it is available.'),
    ).toHaveLength(3);
    expect(screen.queryByText(/META_STORE_URL|PICO_APK_URL|WINDOWS_INSTALLER_URL/)).toBeNull();
    expect(screen.queryByText(/operator/)).toBeNull();
  });

  it('tells a super admin which server setting adds each link', async () => {
    await signInAs(true);
    mockServer(noLinks);
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    for (const setting of ['META_STORE_URL', 'PICO_APK_URL', 'WINDOWS_INSTALLER_URL']) {
      expect(
        await screen.findByText(
          `This Roomscale server has no link for it yet; its operator adds one by setting ${setting}.`,
        ),
      ).toBeVisible();
    }
    expect(screen.queryByText(/offered here as soon/)).toBeNull();
  });
});

describe('DownloadsPage help links', () => {
  it('promises release notes only beside a changelog link', async () => {
    mockServer(noLinks);
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    expect(await screen.findByRole('link', { name: 'Knowledge base' })).toBeVisible();
    expect(screen.getByText('Step-by-step guides for every headset and computer.')).toBeVisible();
    expect(screen.queryByText(/release notes/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Changelog' })).toBeNull();
  });

  it('names the release notes when the changelog is linked', async () => {
    mockServer(
      configFixture({
        downloads: { ...noLinks.downloads, changelogUrl: 'https://example.com/changelog' },
      }),
    );
    renderScreen('/downloads', '/downloads', <DownloadsPage />);
    expect(await screen.findByRole('link', { name: 'Changelog' })).toBeVisible();
    expect(
      screen.getByText('Step-by-step guides and the release notes of every version.'),
    ).toBeVisible();
  });
});

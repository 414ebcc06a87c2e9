// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { scimTexts } from '@roomscale/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, resetBrowser, signedInBrowser, stubFonts } from '../../test/harness.tsx';
import { renderRouter } from '../../test/router.tsx';
import { ScimTokenCard } from './ScimTokenCard.tsx';

const teamId = '0b8f9c4e-1111-4222-8333-444455556666';
const path = `/api/Organization/${teamId}/ScimToken`;
const TOKEN = 'tK3n-once-only_abcdefghijklmnopqrstuvwxyz0123';
const baseUrl = `https://rs.example/scim/v2/${teamId}`;

type Call = { method: string; path: string };
let calls: Call[];
let state: { enabled: boolean; createdAt: string | null; lastUsedAt: string | null };

function serve() {
  calls = [];
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname });
    if (url.pathname !== path) return { status: 404 };
    if (method === 'GET') return { body: state };
    if (method === 'POST') {
      state = { enabled: true, createdAt: '2026-11-27T10:00:00.000Z', lastUsedAt: null };
      return { body: { token: TOKEN, baseUrl } };
    }
    if (method === 'DELETE') {
      state = { enabled: false, createdAt: null, lastUsedAt: null };
      return { status: 204 };
    }
    return { status: 404 };
  });
}

const renderCard = () =>
  renderRouter([{ path: '/', element: <ScimTokenCard teamId={teamId} /> }], '/');

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  state = { enabled: false, createdAt: null, lastUsedAt: null };
  serve();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
  resetBrowser();
});

describe('the SCIM token card', () => {
  it('creates a token and shows it once with the base URL, each to copy', async () => {
    renderCard();
    expect(await screen.findByText(scimTexts.disabled)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: scimTexts.create }));
    expect(await screen.findByText(scimTexts.tokenOnce)).toBeTruthy();
    expect((screen.getByLabelText(scimTexts.token) as HTMLInputElement).value).toBe(TOKEN);
    expect((screen.getByLabelText(scimTexts.baseUrl) as HTMLInputElement).value).toBe(baseUrl);
    expect(calls).toContainEqual({ method: 'POST', path });
    // The status reloads: on, never used, and the button now replaces.
    expect(await screen.findByText(scimTexts.enabled)).toBeTruthy();
    expect(screen.getByText(/not used yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: scimTexts.replace })).toBeTruthy();
  });

  it('shows when the token was last used, replaces only after a confirmation, and revokes', async () => {
    state = {
      enabled: true,
      createdAt: '2026-11-20T09:00:00.000Z',
      lastUsedAt: '2026-11-26T08:30:00.000Z',
    };
    renderCard();
    expect(await screen.findByText(scimTexts.enabled)).toBeTruthy();
    expect(screen.getByText(/last used 26 November 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: scimTexts.replace }));
    const replace = await screen.findByRole('dialog');
    expect(within(replace).getByText(scimTexts.replaceText)).toBeTruthy();
    fireEvent.click(within(replace).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: scimTexts.revoke }));
    const revoke = await screen.findByRole('dialog');
    fireEvent.click(within(revoke).getByRole('button', { name: scimTexts.revoke }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path }));
    expect(await screen.findByText(scimTexts.disabled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: scimTexts.revoke })).toBeNull();
  });
});

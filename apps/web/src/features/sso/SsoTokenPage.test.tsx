// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { screenMessages, TOKEN_SCOPE } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTokens } from '../../api/tokens.ts';
import { appRoutes } from '../../app/routes.tsx';
import { routeObjects } from '../../app/routeTree.tsx';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  resetBrowser,
  signedOutBrowser,
  storeValidTokens,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';

/** The whole app at `entries` (the last one current), in StrictMode as main.tsx renders it. */
function renderApp(...entries: string[]) {
  const router = createMemoryRouter(routeObjects, {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return { router, client };
}

const sso = meFixture({
  id: '3c2b1a09-8f7e-4d6c-b5a4-938271605f4e',
  userId: '3c2b1a09-8f7e-4d6c-b5a4-938271605f4e',
  email: 'grace@acme.example',
  firstName: 'Grace',
  name: 'Grace Hopper',
  hasSsoLogin: true,
});
const ssoTeam = teamFixture({
  name: 'Acme SSO team',
  samlLoginProviderId: 'saml-acme',
  samlLoginDisplayName: 'Acme SSO',
});
const tokens = {
  access_token: 'sso-access',
  refresh_token: 'sso-refresh',
  expires_in: 900,
  id_token: 'sso-id',
  scope: TOKEN_SCOPE,
  token_type: 'Bearer' as const,
};

/** The token endpoint answers `token`; the new user and their team answer; the rest is refused. */
function serve(token: { status?: number; body?: unknown } | 'offline' = { body: tokens }) {
  const posted: URLSearchParams[] = [];
  const fetch = mockFetch((url, init) => {
    if (url.pathname === '/api/connect/token') {
      posted.push(new URLSearchParams(String(init?.body)));
      if (token === 'offline') throw new TypeError('offline');
      return token;
    }
    if (url.pathname === '/api/Users/Me') return { body: sso };
    if (url.pathname === '/api/Users/Me/Organizations') return { body: [ssoTeam] };
    return { status: 404 };
  });
  return { fetch, posted };
}

const tokenUrl = (t: string) => `/sso/token?u=${sso.id}&id=saml-acme&t=${encodeURIComponent(t)}`;

beforeEach(async () => {
  await signedOutBrowser();
  stubFonts();
});
afterEach(resetBrowser);

describe('the single sign-on token page', () => {
  it('is a public route', () => {
    const route = appRoutes.find((r) => r.path === 'sso/token');
    expect(route?.flags).toMatchObject({ loginNeeded: false, teamRequired: false, navbar: false });
  });

  it('exchanges the token once, even in StrictMode, and lands on the dashboard with a team', async () => {
    const { fetch, posted } = serve();
    const { router } = renderApp('/downloads', tokenUrl('one-time/token+1'));
    expect(await screen.findByText('Signing you in…')).toBeVisible();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), {
      timeout: 10_000,
    });
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toEqual({
      grant_type: 'sso_redirect',
      username: sso.id,
      identity_provider: 'saml-acme',
      access_token: 'one-time/token+1',
      scope: TOKEN_SCOPE,
    });
    const tokenCall = fetch.mock.calls.find(([u]) => String(u) === '/api/connect/token');
    expect(new Headers(tokenCall?.[1]?.headers).get('content-type')).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(readTokens()).toMatchObject({ accessToken: 'sso-access', refreshToken: 'sso-refresh' });
    expect(session.get()).toMatchObject({ status: 'authenticated', user: { id: sso.id } });
    expect(session.get().team?.id).toBe(ssoTeam.id);

    // The token page's entry was replaced: Back leaves for the page before, not to a spent token.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/downloads'));
    expect(posted).toHaveLength(1);
  });

  it('replaces whoever was signed in before, and drops their team', async () => {
    storeValidTokens();
    mockApi(() => ({ body: meFixture() }));
    await session.reloadUser();
    session.selectTeam(teamFixture({ id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Old' }));
    const { posted } = serve();
    const { router } = renderApp(tokenUrl('token-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), {
      timeout: 10_000,
    });
    expect(posted).toHaveLength(1);
    expect(session.get().user?.id).toBe(sso.id);
    expect(session.get().team?.name).toBe('Acme SSO team');
  });

  it('goes to login with the SAML failure when the token is refused', async () => {
    const { posted } = serve({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The token is invalid or has expired.' },
    });
    const { router } = renderApp(tokenUrl('token-3'));
    expect(await screen.findByText(screenMessages.samlFailed)).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?samlerror=not_found',
    );
    expect(posted).toHaveLength(1);
    expect(readTokens()).toBeNull();
    expect(session.get().status).not.toBe('authenticated');
  });

  it('goes to login with the SAML failure when the server cannot be reached', async () => {
    const { posted } = serve('offline');
    const { router } = renderApp(tokenUrl('token-4'));
    expect(await screen.findByText(screenMessages.samlFailed)).toBeVisible();
    expect(router.state.location.search).toBe('?samlerror=not_found');
    expect(posted).toHaveLength(1);
  });

  it.each([
    ['no token', `/sso/token?u=${sso.id}&id=saml-acme`],
    ['no provider', `/sso/token?u=${sso.id}&t=token-5`],
    ['no user', '/sso/token?id=saml-acme&t=token-5'],
    ['an empty token', `/sso/token?u=${sso.id}&id=saml-acme&t=`],
  ])('goes to login with the SAML failure without calling, given %s', async (_, url) => {
    const { posted } = serve();
    const { router } = renderApp(url);
    expect(await screen.findByText(screenMessages.samlFailed)).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?samlerror=not_found',
    );
    expect(posted).toHaveLength(0);
  });
});

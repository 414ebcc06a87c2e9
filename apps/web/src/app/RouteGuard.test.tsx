// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { shellTexts } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationResolvePage } from '../features/organization/OrganizationResolvePage.tsx';
import type { RouteFlags } from '../session/guard.ts';
import { queryClient } from '../session/queryClient.ts';
import { session } from '../session/session.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  storeValidTokens,
  stubBrowser,
  teamFixture,
} from '../test/harness.tsx';
import { AppFrame } from './AppFrame.tsx';

function Probe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

const bare = { navbar: false, footer: false };
const routes: { path: string; flags: RouteFlags }[] = [
  { path: 'login', flags: { ...bare, loginNeeded: false, teamRequired: false, title: 'Log in' } },
  {
    path: 'dashboard',
    flags: { ...bare, loginNeeded: true, teamRequired: true, title: 'Welcome' },
  },
  { path: 'secret', flags: { ...bare, loginNeeded: true, teamRequired: false, title: 'Secret' } },
  { path: 'admin', flags: { ...bare, loginNeeded: true, teamRequired: false, superAdmin: true } },
  {
    path: 'create-avatar',
    flags: { ...bare, loginNeeded: true, teamRequired: false, avatarRequired: false },
  },
  { path: 'organization/resolve', flags: { ...bare, loginNeeded: true, teamRequired: false } },
  {
    path: 'user/register',
    flags: { ...bare, loginNeeded: true, teamRequired: false, appUserRequired: false },
  },
];

/** Renders the frame at `url`; `screens` puts real screens on some routes instead of the probe. */
function renderAt(
  url: string,
  {
    screens = {},
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { screens?: Record<string, ReactNode>; client?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      {
        element: <AppFrame />,
        children: [
          ...routes.map((r) => ({
            path: r.path,
            handle: r.flags,
            element: screens[r.path] ?? <Probe />,
          })),
          { path: '*', element: <Navigate to="/login" replace /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const location = async () => (await screen.findByTestId('location')).textContent;

beforeEach(async () => {
  stubBrowser();
  localStorage.clear();
  mockApi(() => ({ status: 204 }));
  await session.logout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function signIn(
  me = meFixture(),
  api = (_m: string, _u: URL, _b: unknown) => null as null | { status?: number; body?: unknown },
) {
  storeValidTokens();
  const fetch = mockApi((method, url, body) => {
    const custom = api(method, url, body);
    if (custom) return custom;
    if (url.pathname === '/api/Users/Me') return { body: me };
    if (url.pathname === '/api/Config') return { status: 404 };
    return { status: 404 };
  });
  await session.reloadUser();
  return fetch;
}

describe('the route guard in the frame', () => {
  it('sends a signed-out visitor to login with the current path and query, and sets titles', async () => {
    renderAt('/secret?tab=2');
    await waitFor(async () =>
      expect(await location()).toBe('/login?targetRoute=%2Fsecret%3Ftab%3D2'),
    );
    expect(document.title).toBe('Log in - Roomscale Dashboard');
  });

  it('opens a login route to a signed-in user and titles it', async () => {
    await signIn();
    renderAt('/secret');
    expect(await location()).toBe('/secret');
    expect(document.title).toBe('Secret - Roomscale Dashboard');
  });

  it('resolves a team first when the route needs one', async () => {
    await signIn();
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await location()).toBe('/organization/resolve?targetRoute=%2Fdashboard'),
    );
    act(() => session.selectTeam(teamFixture()));
  });

  it('brings the remembered team back with a cached login, so a team screen opens at once', async () => {
    const me = meFixture();
    const team = teamFixture();
    const other = teamFixture({ id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6', name: 'Other' });
    storeValidTokens();
    localStorage.setItem(`roomscale.team.${me.id}`, team.id);
    const fetch = mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [other, team] };
      return { status: 404 };
    });
    expect(await session.ensure()).toBe(true);
    expect(session.get().team?.id).toBe(team.id);
    renderAt('/dashboard');
    expect(await location()).toBe('/dashboard');
    const teamCalls = fetch.mock.calls.filter(([u]) => String(u).includes('/Me/Organizations'));
    expect(teamCalls).toHaveLength(1);
  });

  it('starts the remembered team screen’s calls before the user has answered', async () => {
    const me = meFixture();
    const team = teamFixture();
    storeValidTokens(me.id);
    localStorage.setItem(`roomscale.team.${me.id}`, team.id);
    window.history.replaceState(null, '', '/dashboard');
    let screenCallSeen: () => void = () => undefined;
    const screenCall = new Promise<void>((resolve) => {
      screenCallSeen = resolve;
    });
    mockFetch(async (url) => {
      if (url.pathname === '/api/Users/Me') {
        // The user answers only once the dashboard's own call has gone out.
        await screenCall;
        return { body: me };
      }
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [team] };
      if (url.pathname.startsWith(`/api/Organizations/${team.id}/`)) {
        screenCallSeen();
        return { status: 404 };
      }
      return { status: 404 };
    });
    expect(await session.ensure()).toBe(true);
    expect(session.get().team?.id).toBe(team.id);
    window.history.replaceState(null, '', '/');
  });

  it('leaves the choice to team resolution when the remembered team is gone', async () => {
    const me = meFixture();
    storeValidTokens();
    localStorage.setItem(`roomscale.team.${me.id}`, 'a-team-left-since');
    mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [teamFixture()] };
      return { status: 404 };
    });
    await session.ensure();
    expect(session.get().team).toBeNull();
    renderAt('/dashboard');
    await waitFor(async () =>
      expect(await location()).toBe('/organization/resolve?targetRoute=%2Fdashboard'),
    );
  });

  it('opens the dashboard once a team is selected', async () => {
    await signIn();
    act(() => session.selectTeam(teamFixture()));
    renderAt('/dashboard');
    expect(await location()).toBe('/dashboard');
  });

  it('sends a user without an avatar to create one', async () => {
    await signIn(meFixture({ readyPlayerMeAvatar: null }));
    renderAt('/secret');
    await waitFor(async () =>
      expect(await location()).toBe('/create-avatar?targetRoute=%2Fsecret'),
    );
  });

  it('sends a token without an app user to /user/register', async () => {
    storeValidTokens();
    mockApi(() => ({ status: 404 }));
    expect(await session.ensure()).toBe(true);
    expect(session.get()).toMatchObject({ status: 'authenticated', user: null });
    renderAt('/secret');
    await waitFor(async () => expect(await location()).toBe('/user/register'));
  });

  it('denies a super-admin route in place, saying why, with a way to the dashboard', async () => {
    await signIn();
    act(() => session.selectTeam(teamFixture()));
    const router = renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeVisible();
    expect(screen.getByText(shellTexts.guard.deniedSuperAdmin)).toBeVisible();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
    fireEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await location()).toBe('/dashboard');
  });

  it('lets a super admin in', async () => {
    await signIn(meFixture({ superAdmin: true }));
    renderAt('/admin');
    expect(await location()).toBe('/admin');
  });

  it('goes to login when the session is lost on the page', async () => {
    await signIn();
    renderAt('/secret');
    expect(await location()).toBe('/secret');
    await act(() => session.logout());
    await waitFor(async () => expect(await location()).toBe('/login?targetRoute=%2Fsecret'));
  });

  it('goes to a plain login after the user logs out, and remembers pages again after a login', async () => {
    await signIn();
    const router = renderAt('/secret');
    expect(await location()).toBe('/secret');
    await act(() => session.logout({ byUser: true }));
    await waitFor(async () => expect(await location()).toBe('/login'));

    await signIn();
    await act(() => router.navigate('/secret'));
    expect(await location()).toBe('/secret');
    await act(() => session.logout());
    await waitFor(async () => expect(await location()).toBe('/login?targetRoute=%2Fsecret'));
  });

  it('blocks with the terms dialog until accepted, then saves and reloads the user', async () => {
    let accepted = false;
    const fetch = await signIn(
      meFixture({ termsAccepted: '2023-08-01T00:00:00.000Z' }),
      (method, url) => {
        if (url.pathname !== '/api/Users/Me') return null;
        if (method === 'PATCH') {
          accepted = true;
          return { body: meFixture() };
        }
        return accepted ? { body: meFixture() } : null;
      },
    );
    renderAt('/secret');
    const confirm = await screen.findByRole('button', { name: shellTexts.terms.confirm });
    // An earlier acceptance: the terms were updated.
    expect(screen.getByText(shellTexts.terms.intro)).toBeVisible();
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: shellTexts.terms.confirm })).toBeNull(),
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      termsAccepted: true,
      privacyAccepted: true,
    });
  });

  it('welcomes someone who never accepted the terms (an invited user) instead', async () => {
    await signIn(meFixture({ termsAccepted: null, privacyAccepted: null }));
    renderAt('/secret');
    expect(await screen.findByText(shellTexts.terms.firstIntro)).toBeVisible();
    expect(screen.queryByText(shellTexts.terms.intro)).toBeNull();
  });

  it('shows no terms dialog when both dates are after the cut-off', async () => {
    await signIn();
    renderAt('/secret');
    expect(await location()).toBe('/secret');
    expect(screen.queryByText(shellTexts.terms.title)).toBeNull();
  });
});

describe('the last visit’s user and team, shown while the cached login checks them', () => {
  const SNAPSHOT = 'roomscale.session';
  const left = { id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6', name: 'Other' };

  it('keeps the signed-in user and team for the next load, and forgets them at logout', async () => {
    const me = meFixture();
    await signIn(me);
    act(() => session.selectTeam(teamFixture()));
    expect(JSON.parse(localStorage.getItem(SNAPSHOT) ?? 'null')).toEqual({
      user: me,
      team: teamFixture(),
    });
    await session.logout();
    expect(localStorage.getItem(SNAPSHOT)).toBeNull();
  });

  it('opens a team screen at once from them, then takes the fresh user and membership', async () => {
    const me = meFixture();
    storeValidTokens(me.id);
    localStorage.setItem(
      SNAPSHOT,
      JSON.stringify({ user: { ...me, firstName: 'Ada' }, team: teamFixture({ role: 'Admin' }) }),
    );
    let answer: () => void = () => undefined;
    const userAnswers = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockFetch(async (url) => {
      if (url.pathname === '/api/Users/Me') {
        await userAnswers;
        return { body: me };
      }
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [teamFixture()] };
      return { status: 404 };
    });
    const checked = session.ensure();
    // Published before any answer: the screen renders without the page loader or team resolution.
    expect(session.get()).toMatchObject({
      status: 'authenticated',
      user: { firstName: 'Ada' },
      team: { role: 'Admin' },
    });
    renderAt('/dashboard');
    expect(await location()).toBe('/dashboard');
    answer();
    expect(await checked).toBe(true);
    expect(session.get().user).toEqual(me);
    expect(session.get().team).toEqual(teamFixture());
    expect(await location()).toBe('/dashboard');
  });

  it('drops the team when the user has left it since, so team resolution decides', async () => {
    const me = meFixture();
    storeValidTokens(me.id);
    localStorage.setItem(SNAPSHOT, JSON.stringify({ user: me, team: teamFixture() }));
    mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [teamFixture(left)] };
      return { status: 404 };
    });
    const checked = session.ensure();
    renderAt('/dashboard');
    expect(await checked).toBe(true);
    expect(session.get().team).toBeNull();
    await waitFor(async () =>
      expect(await location()).toBe('/organization/resolve?targetRoute=%2Fdashboard'),
    );
  });

  it('never shows them to another user’s tokens', async () => {
    const me = meFixture();
    const someoneElse = meFixture({ id: left.id, userId: left.id, firstName: 'Bea' });
    storeValidTokens(someoneElse.id);
    localStorage.setItem(SNAPSHOT, JSON.stringify({ user: me, team: teamFixture() }));
    mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: someoneElse };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [] };
      return { status: 404 };
    });
    const checked = session.ensure();
    expect(session.get().status).not.toBe('authenticated');
    expect(await checked).toBe(true);
    expect(session.get()).toMatchObject({ user: { firstName: 'Bea' }, team: null });
  });

  it('goes to login, and forgets them, when the session behind them has ended', async () => {
    const me = meFixture();
    storeValidTokens(me.id);
    const tokens = JSON.parse(localStorage.getItem('roomscale.tokens') ?? '{}');
    // Expired, and its refresh token no longer good.
    localStorage.setItem(
      'roomscale.tokens',
      JSON.stringify({ ...tokens, refreshToken: 'revoked', validUntil: Date.now() - 1000 }),
    );
    localStorage.setItem(SNAPSHOT, JSON.stringify({ user: me, team: teamFixture() }));
    mockApi((_m, url) =>
      url.pathname === '/api/connect/token'
        ? { status: 400, body: { error: 'invalid_grant' } }
        : { status: 401 },
    );
    const checked = session.ensure();
    renderAt('/secret');
    expect(await location()).toBe('/secret');
    expect(await checked).toBe(false);
    expect(localStorage.getItem(SNAPSHOT)).toBeNull();
    await waitFor(async () => expect(await location()).toBe('/login?targetRoute=%2Fsecret'));
  });
});

describe('signing in again after the session was ended elsewhere', () => {
  it('loads the teams afresh and opens the page asked for, not the failure from before', async () => {
    // Browser B: signed in, then the password changed in browser A (or reset by email, or the
    // server ended the session). B's tokens still look valid; the server refuses them until a
    // new sign-in.
    const me = meFixture();
    const team = teamFixture({ name: 'Orbit Labs' });
    storeValidTokens(me.id);
    localStorage.setItem('roomscale.session', JSON.stringify({ user: me, team }));
    const subject = btoa(JSON.stringify({ sub: me.id })).replace(/=+$/, '');
    let ended = true;
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/connect/token') {
        ended = false;
        const body = {
          access_token: `h.${subject}.new`,
          refresh_token: 'r2',
          expires_in: 900,
          id_token: 'i',
          scope: 'openid',
          token_type: 'Bearer',
        };
        return { body };
      }
      if (ended) return { status: 401 };
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [team] };
      return { status: 404 };
    });
    // A full load of /dashboard: the cached login shows the last visit, then meets the 401s.
    const checked = session.ensure();
    const router = renderAt('/dashboard', {
      client: queryClient,
      screens: { 'organization/resolve': <OrganizationResolvePage /> },
    });
    await waitFor(async () => expect(await location()).toBe('/login?targetRoute=%2Fdashboard'));
    expect(await checked).toBe(false);

    // The login screen signs in with the new password, then goes to team resolution.
    await act(() => session.login(me.email, 'N3w-password'));
    await act(() => router.navigate('/organization/resolve?targetRoute=%2Fdashboard'));
    await waitFor(async () => expect(await location()).toBe('/dashboard'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(session.get().team?.id).toBe(team.id);
    const teamCalls = fetch.mock.calls.filter(([u]) =>
      String(u).endsWith('/api/Users/Me/Organizations'),
    );
    expect(teamCalls).toHaveLength(2);
  });
});

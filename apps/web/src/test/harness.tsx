import { MantineProvider } from '@mantine/core';
import type { ClientConfig, Me, Membership } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { storeTokens } from '../api/tokens.ts';
import { session } from '../session/session.ts';
import { checkFixture } from './contractCheck.ts';

/** A signed-in user as GET /api/Users/Me returns it; override what a test is about. */
export function meFixture(overrides: Partial<Me> = {}): Me {
  const id = '6f1c2a9e-3b7d-4c1e-9a2f-1d2e3f4a5b6c';
  return {
    id,
    userId: id,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    position: null,
    superAdmin: false,
    privacyAccepted: '2024-01-10T09:00:00.000Z',
    termsAccepted: '2024-01-10T09:00:00.000Z',
    readyPlayerMeAvatar: 'https://example.com/avatars/ada.glb',
    userActivated: true,
    imageUpdated: null,
    hasSsoLogin: false,
    hasOculusLogin: false,
    hasRoomscaleLogin: true,
    passwordSet: true,
    hasUserSubscription: false,
    hasMetaSubscription: false,
    hasManualUserSubscription: false,
    created: '2024-01-10T09:00:00.000Z',
    createdBy: null,
    lastModified: null,
    lastModifiedBy: null,
    organizationsCount: 1,
    userLogins: [],
    organizations: [],
    ...overrides,
  };
}

export function teamFixture(overrides: Partial<Membership> = {}): Membership {
  return {
    id: '0b8f9c4e-2d1a-4e3b-8c7d-6a5b4c3d2e1f',
    name: 'Acme VR',
    role: 'User',
    licenseType: 'Trial',
    companyName: 'Acme',
    industry: 'Technology',
    imageUpdated: null,
    samlLoginProviderId: null,
    samlLoginDisplayName: null,
    ...overrides,
  };
}

/** The client configuration as GET /api/Config answers it on a fresh install. */
export function configFixture(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    avatarBuilderUrl: null,
    defaultAvatarUrl: 'http://localhost/content/default-avatar.glb',
    tutorialsUrl: 'http://localhost/api/Content/tutorials',
    patchNotesUrl: 'http://localhost/support.html#changes',
    supportUrl: 'http://localhost/support.html',
    websiteUrl: null,
    blogUrl: null,
    termsUrl: 'http://localhost/terms-of-service.html',
    privacyUrl: 'http://localhost/privacy-policy.html',
    contact: { phone: null, supportEmail: null, salesEmail: null },
    downloads: {
      metaStoreUrl: null,
      picoApkUrl: null,
      windowsInstallerUrl: null,
      knowledgeBaseUrl: 'http://localhost/support.html',
      changelogUrl: null,
    },
    metaLinking: false,
    ...overrides,
  };
}

/**
 * Stores a valid token pair, as after a login; with `subject`, the access token names that user
 * (unsigned: the web app reads a token's subject but never checks it).
 */
export function storeValidTokens(subject?: string) {
  const payload = subject ? btoa(JSON.stringify({ sub: subject })).replace(/=+$/, '') : '';
  localStorage.setItem(
    'roomscale.tokens',
    JSON.stringify({
      accessToken: subject ? `h.${payload}.s` : 'a',
      refreshToken: 'r',
      validUntil: Date.now() + 3_600_000,
    }),
  );
}

/** Where the screen under test navigated to. */
export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** Renders one screen at `url` with the app's providers and a probe of the current location. */
export function renderScreen(path: string, url: string, screen: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={screen} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type Reply = { status?: number; body?: unknown };
type Handler = (url: URL, init: RequestInit | undefined) => Reply | Promise<Reply>;

/** Replaces fetch with `handler`; returns the mock to inspect calls. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body } = await handler(url, init);
    checkFixture(init?.method ?? 'GET', url, status, body);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/**
 * Puts timeouts on a fake clock that also runs on by itself (so the screen's own waits still
 * end), and answers `advance(ms)`: it moves the clock at once and runs whatever falls due, inside
 * `act`. A debounce test then jumps to just before the delay and checks nothing happened, instead
 * of sleeping and hoping. `resetBrowser` puts the real clock back.
 */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  return async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
  };
}

/** Mantine reads these browser APIs that happy-dom leaves out. */
export function stubBrowser() {
  if (!window.matchMedia) {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({
        matches: false,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      })),
    );
  }
  if (!('ResizeObserver' in window)) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
}

/** Mantine's autosize textarea listens to font loading, which happy-dom leaves out. */
export function stubFonts() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
}

/** Before each screen test of a signed-out visitor: the browser stubs, no stored state, no session. */
export async function signedOutBrowser() {
  stubBrowser();
  localStorage.clear();
  await session.logout();
}

/**
 * Before each screen test of a signed-in user: as `signedOutBrowser`, then a token pair as after
 * a login, so the API client attaches a bearer token.
 */
export async function signedInBrowser() {
  await signedOutBrowser();
  storeTokens({
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 900,
    id_token: 'i',
    scope: 's',
    token_type: 'Bearer',
  });
}

/**
 * Before each screen test of a team's member: a signed-in browser (fonts stubbed), the session's
 * user loaded (`me`) and `team` chosen as the current team.
 */
export async function signedInMember(team: Membership = teamFixture(), me: Me = meFixture()) {
  await signedInBrowser();
  stubFonts();
  mockApi(() => ({ body: me }));
  await session.reloadUser();
  session.selectTeam(team);
}

/** After each screen test: unmounts what was rendered and puts back the stubbed globals. */
export function resetBrowser() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** `mockFetch` for handlers that answer by method, path and parsed JSON body. */
export function mockApi(handler: (method: string, url: URL, body: unknown) => Reply) {
  return mockFetch((url, init) =>
    handler(
      init?.method ?? 'GET',
      url,
      typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    ),
  );
}

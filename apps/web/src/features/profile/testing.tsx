import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import type { ClientConfig, Me, Membership, UserLogin } from '@roomscale/shared';
import { configure, screen } from '@testing-library/react';
import { session } from '../../session/session.ts';
import {
  configFixture,
  LocationProbe,
  meFixture,
  mockFetch,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
} from '../../test/harness.tsx';
import { ProfilePage } from './ProfilePage.tsx';

/** A call the profile made, as the server saw it. */
export type SeenCall = { method: string; path: string; search: string; body: unknown };
type Reply = { status?: number; body?: unknown };

export type ProfileServer = {
  me: Me;
  teams: Membership[];
  logins: UserLogin[];
  config: ClientConfig;
  /** Answers the calls the defaults do not (PATCH, POST, PUT, DELETE…); undefined: 404. */
  answer?: (c: SeenCall) => Reply | undefined;
};

/**
 * A stand-in server for the profile: GET /api/Users/Me, the teams, the logins and the client
 * configuration answer what `state` holds now (tests change it as the server would); every call
 * is recorded in `calls`.
 */
export function serveProfile(initial: Partial<ProfileServer> = {}) {
  const state: ProfileServer = {
    me: meFixture(),
    teams: [],
    logins: [],
    config: configFixture(),
    ...initial,
  };
  const calls: SeenCall[] = [];
  mockFetch((url, init) => {
    const c: SeenCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(c);
    const custom = state.answer?.(c);
    if (custom) return custom;
    if (c.method !== 'GET') return { status: 404 };
    switch (c.path) {
      case '/api/Users/Me':
        return { body: state.me };
      case '/api/Users/Me/Organizations':
        return { body: state.teams };
      case '/api/User/Me/LinkedAccounts/Logins':
        return { body: state.logins };
      case '/api/Config':
        return { body: state.config };
      default:
        return { status: 404 };
    }
  });
  return { state, calls };
}

/** Signed in as `me` with the browser stubs, before each profile test. */
export async function signIn(me: Me = meFixture()) {
  await signedInBrowser();
  stubFonts();
  serveProfile({ me });
  await session.reloadUser();
}

/** /profile (or `url`) with modals, notifications and a probe of the address. */
export function renderProfile(url = '/profile', { strict = false } = {}) {
  // At the root, as main.tsx has it: React double-runs effects only under a root StrictMode.
  configure({ reactStrictMode: strict });
  return renderScreen(
    '/profile',
    url,
    <ModalsProvider>
      <Notifications />
      <ProfilePage />
      <LocationProbe />
    </ModalsProvider>,
  );
}

export const problemOf = (status: number, detail: string, errors?: Record<string, string[]>) => ({
  status,
  body: { type: 'about:blank', title: 'Refused', status, detail, ...(errors ? { errors } : {}) },
});

/** After each profile test: the browser as `resetBrowser` leaves it, and no notifications left. */
export function resetProfile() {
  resetBrowser();
  configure({ reactStrictMode: false });
  notifications.clean();
  notifications.cleanQueue();
}

/** The message shown under the field labelled `label` ('' when none). */
export function fieldError(label: RegExp) {
  const field = screen.getByLabelText(label);
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

import type { APIRequestContext } from '@playwright/test';
import type { Mailbox } from './mailbox.ts';
import { linkFrom } from './mailbox.ts';

/** Subjects are not in the spec; the activation and reset mails are recognised by these words. */
export const activationSubject = /activat|confirm|verify|welcome/i;
export const resetSubject = /reset|password/i;

export type SeededUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

/**
 * The server's default avatar, as 'Skip avatar creation' saves it (the server accepts only it
 * and the configured avatar builder's models).
 */
export async function defaultAvatarUrl(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/Config');
  return ((await res.json()) as { defaultAvatarUrl: string }).defaultAvatarUrl;
}

let counter = 0;
/** A unique address per call and run, so tests never read each other's mail. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * An activated user made through the public API (register → activation mail → confirm), with
 * optionally a team (they become its Admin) and an avatar, so a browser login lands on the
 * dashboard. The journeys that test these steps in the browser do not use this.
 */
export async function seedUser(
  request: APIRequestContext,
  mailbox: Mailbox,
  opts: {
    prefix?: string;
    team?: string;
    avatar?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<SeededUser> {
  const user: SeededUser = {
    email: uniqueEmail(opts.prefix ?? 'seed'),
    password: 'Seeded-Passw0rd',
    firstName: opts.firstName ?? 'Grace',
    lastName: opts.lastName ?? 'Hopper',
  };
  await ok(
    request.put('/api/Users/Register', {
      data: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        privacyAccepted: true,
        termsAccepted: true,
      },
    }),
    'register',
  );
  const link = linkFrom(await mailbox.waitFor(user.email, activationSubject), '/activate-account');
  await ok(
    request.post('/api/Users/Confirm', {
      data: {
        userId: link.searchParams.get('user'),
        token: link.searchParams.get('token'),
        password: user.password,
        confirmPassword: user.password,
      },
    }),
    'confirm',
  );
  if (!opts.team && !opts.avatar) return user;

  const token = (await (
    await ok(
      request.post('/api/connect/token', {
        form: {
          grant_type: 'password',
          username: user.email,
          password: user.password,
          scope: 'openid email profile offline_access roles',
        },
      }),
      'token',
    )
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token.access_token}` };
  if (opts.team) {
    await ok(
      request.put('/api/Organizations/Register', {
        headers,
        data: { name: opts.team, companyName: `${opts.team} Ltd`, industry: 'Technology' },
      }),
      'team',
    );
  }
  if (opts.avatar) {
    await ok(
      request.patch('/api/Users/Me', {
        headers,
        data: { readyPlayerMeAvatar: await defaultAvatarUrl(request) },
      }),
      'avatar',
    );
  }
  return user;
}

async function ok<T extends { ok(): boolean; status(): number; text(): Promise<string> }>(
  call: Promise<T>,
  what: string,
): Promise<T> {
  const res = await call;
  if (!res.ok()) throw new Error(`seeding: ${what} answered ${res.status()}: ${await res.text()}`);
  return res;
}

/** Signs `user` in through the API: bearer headers and the id of their first team. */
export async function signInApi(
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<{ headers: Record<string, string>; teamId: string }> {
  const token = (await (
    await ok(
      request.post('/api/connect/token', {
        form: {
          grant_type: 'password',
          username: user.email,
          password: user.password,
          scope: 'openid email profile offline_access roles',
        },
      }),
      'token',
    )
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token.access_token}` };
  const teams = (await (
    await ok(request.get('/api/Users/Me/Organizations', { headers }), 'teams')
  ).json()) as { id: string }[];
  return { headers, teamId: teams[0]?.id ?? '' };
}

/**
 * A team admin invites a registered user to their team (the team users call of part2 §7) and
 * the user accepts the invitation: a registered account joins only by accepting.
 */
export async function addToTeam(
  request: APIRequestContext,
  admin: { headers: Record<string, string>; teamId: string },
  user: SeededUser,
  role: 'User' | 'Admin' = 'User',
) {
  await ok(
    request.put(`/api/Organizations/${admin.teamId}/Users`, {
      headers: admin.headers,
      data: { email: user.email, firstName: user.firstName, lastName: user.lastName, role },
    }),
    'invite to team',
  );
  const { headers } = await signInApi(request, user);
  const invitations = (await (
    await ok(request.get('/api/Users/Me/Invitations', { headers }), 'invitations')
  ).json()) as { id: string; organizationId: string }[];
  const invitation = invitations.find((i) => i.organizationId === admin.teamId);
  if (!invitation) throw new Error('seeding: the invitation did not arrive');
  await ok(
    request.post(`/api/Users/Me/Invitations/${invitation.id}/Accept`, { headers }),
    'accept invitation',
  );
}

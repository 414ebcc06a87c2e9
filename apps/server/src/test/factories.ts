import type { TokenResponse } from '@roomscale/shared';
import { expect } from 'vitest';
import { memberships, organizations, users } from '../db/schema.ts';
import { hashPassword } from '../platform/auth/password.ts';
import type { TestApp } from './harness.ts';

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits and throttles of one test do not leak into another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let userCounter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${++userCounter}@example.com`;

export const PASSWORD = 'Secret123';

export type TestUser = { id: string; email: string; password: string };

/** An activated user with a password, straight into the database. */
export async function createUser(
  t: TestApp,
  opts: {
    email?: string;
    password?: string | null;
    activated?: boolean;
    firstName?: string;
    lastName?: string;
    superAdmin?: boolean;
  } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password === undefined ? PASSWORD : opts.password;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      email,
      firstName: opts.firstName ?? 'Ada',
      lastName: opts.lastName ?? 'Lovelace',
      activated: opts.activated ?? true,
      superAdmin: opts.superAdmin ?? false,
      passwordHash: password ? await hashPassword(password) : null,
      privacyAccepted: new Date(),
      termsAccepted: new Date(),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password: password ?? '' };
}

/** A team with `ownerId` as admin (on a trial license). */
export async function createTeam(
  t: TestApp,
  ownerId: string,
  name = 'Team',
): Promise<{ id: string; name: string }> {
  const [team] = await t.ctx.db
    .insert(organizations)
    .values({ name, companyName: 'Company', industry: 'Technology', createdBy: ownerId })
    .returning({ id: organizations.id });
  await t.ctx.db
    .insert(memberships)
    .values({ organizationId: team!.id, userId: ownerId, role: 'Admin', licenseType: 'Trial' });
  return { id: team!.id, name };
}

export function tokenRequest(t: TestApp, form: Record<string, string>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: ip,
  });
}

export async function signIn(t: TestApp, user: { email: string; password: string }) {
  const res = await tokenRequest(t, {
    grant_type: 'password',
    username: user.email,
    password: user.password,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TokenResponse;
}

export const bearer = (token: { access_token: string } | string) => ({
  authorization: `Bearer ${typeof token === 'string' ? token : token.access_token}`,
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One JSON API call from a fresh IP, optionally signed in. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  opts: {
    body?: unknown;
    token?: { access_token: string } | string;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return t.app.inject({
    method,
    url,
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

type Reply = {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
  body: string;
};

/**
 * Asserts a problem+json reply (an inject reply, or callEndpoint's answer); with `field`, that the
 * field has a message (optionally this one).
 */
export function expectProblem(
  reply: Reply | { raw: Reply },
  status: number,
  field?: string,
  message?: string,
) {
  const res = 'statusCode' in reply ? reply : reply.raw;
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = res.json() as { status: number; errors?: Record<string, string[]>; detail?: string };
  expect(body.status).toBe(status);
  if (field) {
    expect(body.errors?.[field], JSON.stringify(body.errors)).toBeDefined();
    if (message) expect(body.errors?.[field]).toContain(message);
  }
  return body;
}

import { serverMessages, TOKEN_SCOPE } from '@roomscale/shared';
import { authApi, filesApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guestSessions,
  guests,
  memberships,
  organizations,
  sessions,
  users,
} from '../../db/schema.ts';
import { Answer, callEndpoint } from '../../test/callEndpoint.ts';
import { createTeam, createUser, type TestUser } from '../../test/factories.ts';
import {
  buildRequest,
  type FuzzRequest,
  harvest,
  type IdPool,
  loneSurrogateRequests,
  type Operation,
  operationsOf,
  remember,
  rng,
} from '../../test/fuzz.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { defaultTemplate } from '../../test/workspace.ts';

/**
 * Fuzzes every operation of /api/openapi.json as anonymous, member, admin and guest callers with
 * requests built from the schemas and then broken (src/test/fuzz.ts). Nothing a client sends may
 * give a 5xx, and every refusal is a problem document. Deterministic: FUZZ_SEED picks the seed
 * (printed), FUZZ_REQUESTS the number of requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

type Role = 'anonymous' | 'member' | 'admin' | 'guest';
/** Callers by weight: mostly signed in, so requests get past the access rule to the services. */
const userRoles: Role[] = ['anonymous', 'member', 'member', 'admin', 'admin', 'admin', 'guest'];
const guestRoles: Role[] = ['anonymous', 'member', 'guest', 'guest', 'guest', 'guest'];

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let teamId: string;
let guestId: string;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { superAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  member = await createUser(t, { email: 'member@fuzz.test', firstName: 'Max', lastName: 'Member' });
  teamId = (await createTeam(t, admin.id, 'Fuzz team')).id;
  await t.ctx.db
    .insert(memberships)
    .values({ organizationId: teamId, userId: member.id, role: 'User', licenseType: 'Trial' });
  const [guest] = await t.ctx.db
    .insert(guests)
    .values({ email: 'guest@fuzz.test' })
    .returning({ id: guests.id });
  guestId = guest!.id;
  await defaultTemplate(t);
});
afterAll(() => t?.close());

/**
 * Fresh sessions and memberships before each operation, so one fuzzed call that logs a caller
 * out or demotes them does not turn every later call into a 401 or 404.
 */
async function refreshCallers() {
  const now = t.clock.now();
  const expiresAt = new Date(now.getTime() + 24 * 3600_000);
  // A fuzzed admin call may delete the team or the member for good: put them back.
  await t.ctx.db
    .insert(organizations)
    .values({ id: teamId, name: 'Fuzz team', createdBy: admin.id })
    .onConflictDoNothing();
  for (const [role, user, superAdmin] of [
    ['member', member, false],
    ['admin', admin, true],
  ] as const) {
    await t.ctx.db
      .insert(users)
      .values({
        id: user.id,
        email: user.email,
        firstName: 'Fuzz',
        lastName: role,
        activated: true,
      })
      .onConflictDoNothing();
    const [s] = await t.ctx.db
      .insert(sessions)
      .values({ userId: user.id, method: 'password', expiresAt })
      .returning({ id: sessions.id });
    tokens[role] = await t.ctx.jwt.signAccess(
      {
        userId: user.id,
        sessionId: s!.id,
        superAdmin,
        email: user.email,
        name: 'Fuzz',
        scope: TOKEN_SCOPE,
      },
      now,
    );
    const place = {
      role: role === 'admin' ? ('Admin' as const) : ('User' as const),
      licenseType: 'Trial' as const,
    };
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: teamId, userId: user.id, ...place })
      .onConflictDoUpdate({ target: [memberships.organizationId, memberships.userId], set: place });
  }
  const [gs] = await t.ctx.db
    .insert(guestSessions)
    .values({ guestId, expiresAt })
    .returning({ id: guestSessions.id });
  tokens.guest = await t.ctx.jwt.signGuest(
    { guestId, sessionId: gs!.id, email: 'guest@fuzz.test' },
    now,
  );
}

type Finding = {
  operation: string;
  role: Role;
  request: FuzzRequest;
  status: number;
  body: string;
};

const describeFinding = (f: Finding) =>
  [
    `${f.operation} as ${f.role} → ${f.status} (${f.request.mutations.join('; ') || 'unmodified'})`,
    `  ${f.request.method} ${f.request.url.slice(0, 300)}`,
    `  headers ${JSON.stringify(f.request.headers).slice(0, 300)}`,
    `  body ${String(f.request.payload ?? '').slice(0, 300)}`,
    `  answer ${f.body.slice(0, 300)}`,
  ].join('\n');

describe('OpenAPI-driven fuzzing', () => {
  it(`answers ${REQUESTS} hostile requests over every operation without a 5xx`, async () => {
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`);
    const r = rng(SEED);
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const operations: Operation[] = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(60);

    const pool: IdPool = { byName: new Map(), any: [], storage: [] };
    remember(pool, 'organizationId', teamId);
    remember(pool, 'userId', member.id);
    remember(pool, 'userId', admin.id);
    remember(pool, 'slug', `user-${member.id}`);
    remember(pool, 'guestId', guestId);
    // Signed storage addresses and an upload session, so the storage routes are fuzzed too.
    await refreshCallers();
    const slot = await callEndpoint(t, filesApi.uploadSlot, {
      params: { organizationId: teamId },
      token: tokens.admin,
    });
    expect(slot.status, slot.raw.body).toBe(200);
    harvest(pool, slot.body);
    // The storage's upload address (not an endpoint of the contract).
    const started = await t.app.inject({
      method: 'POST',
      url: slot.body.fileUploadUri.replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'x-goog-resumable': 'start', 'content-type': 'image/png' },
    });
    expect(started.statusCode, started.body).toBe(201);
    remember(pool, 'location', String(started.headers.location));

    const serverErrors: Finding[] = [];
    const notProblems: Finding[] = [];
    const statuses = new Map<number, number>();
    const perOperation = Math.ceil(REQUESTS / operations.length);
    let sent = 0;
    let ip = 0;

    // The requests are built from the OpenAPI document and broken on purpose: sent raw.
    for (const op of operations) {
      await refreshCallers();
      const operation = `${op.method} ${op.path}`;
      for (let i = 0; i < perOperation; i++) {
        const role = r.pick(op.path.startsWith('/api/Guests') ? guestRoles : userRoles);
        const request = buildRequest(r, pool, op);
        const token = tokens[role];
        if (token && !request.headers.authorization) {
          request.headers.authorization = `Bearer ${token}`;
        }
        ip += 1;
        const res = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const finding = { operation, role, request, status: res.statusCode, body: res.body };
        if (res.statusCode >= 500) serverErrors.push(finding);
        else if (
          res.statusCode >= 400 &&
          request.method !== 'HEAD' &&
          op.path !== authApi.token.path &&
          !String(res.headers['content-type']).startsWith('application/problem+json')
        ) {
          notProblems.push(finding);
        }
        if (typeof res.headers.location === 'string')
          remember(pool, 'location', res.headers.location);
        if (res.statusCode < 300 && String(res.headers['content-type']).includes('json')) {
          try {
            harvest(pool, res.json());
          } catch {
            // Not JSON after all: nothing to learn.
          }
        }
      }
    }

    const summary = [...statuses.entries()].sort(([a], [b]) => a - b);
    console.log(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(summary))}`);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(
      serverErrors.length,
      `seed ${SEED}: ${serverErrors.length} server errors\n${serverErrors.slice(0, 8).map(describeFinding).join('\n')}`,
    ).toBe(0);
    expect(
      notProblems.length,
      `seed ${SEED}: ${notProblems.length} refusals that are not problem documents\n${notProblems.slice(0, 8).map(describeFinding).join('\n')}`,
    ).toBe(0);
  }, 600_000);

  it('refuses a lone surrogate in every string and as a key of every JSON body with 400', async () => {
    const r = rng(SEED);
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const pool: IdPool = { byName: new Map(), any: [], storage: [] };
    remember(pool, 'organizationId', teamId);
    remember(pool, 'userId', member.id);
    remember(pool, 'guestId', guestId);
    const wrong: string[] = [];
    let sent = 0;
    let ip = 0;
    for (const op of operationsOf(doc)) {
      await refreshCallers();
      const role: Role = op.path.startsWith('/api/Guests') ? 'guest' : 'admin';
      for (const request of loneSurrogateRequests(r, pool, op)) {
        ip += 1;
        const res = await t.app.inject({
          method: request.method as 'POST',
          url: request.url,
          headers: { ...request.headers, authorization: `Bearer ${tokens[role]}` },
          payload: request.payload,
          remoteAddress: `10.200.${(ip >> 8) & 255}.${ip & 255}`,
        });
        sent += 1;
        const detail = res.statusCode === 400 ? new Answer(res).problem.detail : '';
        if (detail !== serverMessages.loneSurrogate) {
          wrong.push(
            `${op.method} ${op.path} (${request.mutations.join('; ')}) → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    console.log(`fuzz: ${sent} lone-surrogate requests`);
    expect(sent).toBeGreaterThan(100);
    expect(wrong, wrong.slice(0, 10).join('\n')).toEqual([]);
  }, 300_000);
});

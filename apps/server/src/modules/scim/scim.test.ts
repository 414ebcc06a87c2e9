import { auditLabels, scimLimits, scimMessages } from '@roomscale/shared';
import { scimApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scimTokens } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newToken(organizationId: string, admin: Person) {
  const res = await callEndpoint(t, scimApi.createToken, {
    params: { organizationId },
    token: admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

/** The token's status as the team admin's tab reads it. */
const tokenStatus = async (w: { id: string; admin: Person }) =>
  (
    await callEndpoint(t, scimApi.getToken, {
      params: { organizationId: w.id },
      token: w.admin.session,
    })
  ).body;

/**
 * One SCIM call with a bearer token. The SCIM protocol under /scim/v2 is not a call of the
 * contract (its own token and error body), so its addresses stay raw.
 */
function scim(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url: new URL(url).pathname + new URL(url).search,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const scimError = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Asserts SCIM's error body (RFC 7644 §3.12): status as a string, its scimType if given. */
function expectScimError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown },
  status: number,
  scimType?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/scim+json');
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ schemas: [scimError], status: String(status) });
  expect(typeof body.detail).toBe('string');
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

describe('the team SCIM token', () => {
  it('is created, shown once with the base address, stored hashed, and recorded', async () => {
    const w = await team(t, 'Contoso');
    const before = await callEndpoint(t, scimApi.getToken, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(before.status, before.raw.body).toBe(200);
    expect(before.body).toEqual({ enabled: false, createdAt: null, lastUsedAt: null });

    const created = await newToken(w.id, w.admin);
    expect(created.baseUrl).toBe(`http://roomscale.test/scim/v2/${w.id}`);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.ctx.db
      .select()
      .from(scimTokens)
      .where(eq(scimTokens.organizationId, w.id));
    expect(row!.tokenHash).not.toContain(created.token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const status = await tokenStatus(w);
    expect(status).toEqual({ enabled: true, createdAt: expect.any(String), lastUsedAt: null });
    expect(JSON.stringify(status)).not.toContain(created.token);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, w.id), eq(auditLog.action, 'scim.tokenCreate')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: w.admin.id, after: { replaced: false } });
    expect(auditLabels['scim.tokenCreate']).toBe('SCIM token created');
  });

  it('is used at the SCIM base address and tells when it was last used', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const from = t.clock.now().getTime();
    const res = await scim('GET', `${baseUrl}/ServiceProviderConfig`, token);
    expect(res.statusCode, res.body).toBe(200);
    const status = await tokenStatus(w);
    const used = new Date(status.lastUsedAt!).getTime();
    expect(used).toBeGreaterThanOrEqual(from);
    expect(used).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('replaced, the old token stops working at once', async () => {
    const w = await team(t);
    const first = await newToken(w.id, w.admin);
    const second = await newToken(w.id, w.admin);
    expect(second.token).not.toBe(first.token);
    expectScimError(await scim('GET', `${first.baseUrl}/Schemas`, first.token), 401);
    expect((await scim('GET', `${second.baseUrl}/Schemas`, second.token)).statusCode).toBe(200);
    const audit = await t.ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, w.id), eq(auditLog.action, 'scim.tokenCreate')));
    expect(audit.map((a) => a.after)).toContainEqual({ replaced: true });
  });

  it('revoked, stops working, is no longer enabled, and the revocation is recorded', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const revoke = () =>
      callEndpoint(t, scimApi.revokeToken, {
        params: { organizationId: w.id },
        token: w.admin.session,
      });
    const res = await revoke();
    expect(res.status, res.raw.body).toBe(204);
    expectScimError(await scim('GET', `${baseUrl}/ServiceProviderConfig`, token), 401);
    const status = await tokenStatus(w);
    expect(status).toEqual({ enabled: false, createdAt: null, lastUsedAt: null });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, w.id), eq(auditLog.action, 'scim.tokenRevoke')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(w.admin.id);
    // Revoking again changes nothing and records nothing.
    expect((await revoke()).status).toBe(204);
    const again = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, w.id), eq(auditLog.action, 'scim.tokenRevoke')));
    expect(again).toHaveLength(1);
  });

  it('is managed by team admins only: 401 without a token, 403 for a member, 404 for others', async () => {
    const w = await team(t);
    const stranger = await person(t);
    const params = { organizationId: w.id };
    for (const e of [scimApi.getToken, scimApi.createToken, scimApi.revokeToken]) {
      expectProblem(await callUnchecked(t, e, { params }), 401);
      expectProblem(await callUnchecked(t, e, { params, token: w.member.session }), 403);
      expectProblem(await callUnchecked(t, e, { params, token: stranger.session }), 404);
    }
    const rows = await t.ctx.db
      .select()
      .from(scimTokens)
      .where(eq(scimTokens.organizationId, w.id));
    expect(rows).toHaveLength(0);
  });
});

describe('the SCIM token as the access rule of the SCIM addresses', () => {
  it('every SCIM route refuses no token, a user token, another team’s token and a forged one', async () => {
    const w = await team(t);
    const other = await team(t);
    const { token } = await newToken(w.id, w.admin);
    const otherToken = (await newToken(other.id, other.admin)).token;
    const routes = t.app.routeAccess.filter(
      (r) => r.url.startsWith('/scim/') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.every((r) => r.access === 'scimToken')).toBe(true);
    for (const route of routes) {
      const url = `http://x${route.url.replace(':organizationId', w.id).replace(/:[A-Za-z]+|\*/g, 'x')}`;
      const method = route.method as 'GET';
      for (const presented of [
        null,
        w.admin.session.access_token,
        otherToken,
        `${token.slice(0, -4)}AAAA`,
      ]) {
        const res = await scim(method, url, presented);
        const body = expectScimError(res, 401);
        expect(body.detail).toBe(scimMessages.unauthorized);
        expect(res.headers['www-authenticate']).toContain('Bearer');
      }
    }
  });

  it('a malformed team id in the address is 401, not an error', async () => {
    const w = await team(t);
    const { token } = await newToken(w.id, w.admin);
    expectScimError(await scim('GET', 'http://x/scim/v2/not-a-team/Schemas', token), 401);
  });
});

describe('SCIM discovery', () => {
  it('ServiceProviderConfig says what is supported: PATCH and filters, no bulk, sort, etag or password', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const res = await scim('GET', `${baseUrl}/ServiceProviderConfig`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
      meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
    });
  });

  it('ResourceTypes lists Users only (no Groups), each also by id', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const list = (await scim('GET', `${baseUrl}/ResourceTypes`, token)).json();
    expect(list).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
    });
    expect(list.Resources).toEqual([
      expect.objectContaining({
        id: 'User',
        endpoint: '/Users',
        schema: 'urn:ietf:params:scim:schemas:core:2.0:User',
        meta: expect.objectContaining({ location: `${baseUrl}/ResourceTypes/User` }),
      }),
    ]);
    const one = await scim('GET', `${baseUrl}/ResourceTypes/User`, token);
    expect(one.json()).toMatchObject({ id: 'User', name: 'User' });
    expectScimError(await scim('GET', `${baseUrl}/ResourceTypes/Group`, token), 404);
  });

  it('Schemas describes the User attributes we map, and only those', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const list = (await scim('GET', `${baseUrl}/Schemas`, token)).json();
    expect(list.totalResults).toBe(1);
    const user = list.Resources[0];
    expect(user.id).toBe('urn:ietf:params:scim:schemas:core:2.0:User');
    expect(user.meta.location).toBe(`${baseUrl}/Schemas/${user.id}`);
    const names = user.attributes.map((a: { name: string }) => a.name).sort();
    expect(names).toEqual(['active', 'emails', 'name', 'title', 'userName']);
    const one = await scim('GET', `${baseUrl}/Schemas/${user.id}`, token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().id).toBe(user.id);
    expectScimError(
      await scim('GET', `${baseUrl}/Schemas/urn:ietf:params:scim:schemas:core:2.0:Group`, token),
      404,
    );
  });

  it('Groups is answered as unsupported, in every method, and unknown addresses are SCIM 404s', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const path of ['/Groups', '/Groups/1234']) {
        const res = await scim(method, `${baseUrl}${path}`, token, body);
        expect(expectScimError(res, 404).detail).toBe(scimMessages.groupsUnsupported);
      }
    }
    expectScimError(await scim('GET', `${baseUrl}/Bulk`, token), 404);
  });

  it('a body that is not JSON is invalidSyntax', async () => {
    const w = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(`${baseUrl}/Groups`).pathname,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"schemas":',
    });
    expectScimError(res, 400, 'invalidSyntax');
  });
});

describe('the SCIM rate limit', () => {
  it('counts per token: one token over its limit is refused 429, another team’s still passes', async () => {
    const w = await team(t);
    const other = await team(t);
    const { token, baseUrl } = await newToken(w.id, w.admin);
    const second = await newToken(other.id, other.admin);
    const statuses: number[] = [];
    for (let i = 0; i <= scimLimits.requestsPerMinute; i++) {
      statuses.push((await scim('GET', `${baseUrl}/ServiceProviderConfig`, token)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await scim('GET', `${baseUrl}/ServiceProviderConfig`, token);
    expect(expectScimError(refused, 429).detail).toBe(scimMessages.tooManyRequests);
    expect(refused.headers['retry-after']).toBeDefined();
    const others = await scim('GET', `${second.baseUrl}/ServiceProviderConfig`, second.token);
    expect(others.statusCode).toBe(200);
  });
});

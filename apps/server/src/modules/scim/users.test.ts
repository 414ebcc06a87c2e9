import { scimMessages } from '@roomscale/shared';
import { scimApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimUsers, users } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Team = Awaited<ReturnType<typeof team>>;

async function scimTeam(name?: string) {
  const w = await team(t, name);
  const res = await callEndpoint(t, scimApi.createToken, {
    params: { organizationId: w.id },
    token: w.admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  const { token, baseUrl } = res.body;
  const get = (path: string, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: new URL(`${baseUrl}${path}`).pathname,
      query,
      headers: { authorization: `Bearer ${token}` },
    });
  return { ...w, token, baseUrl, get };
}

const expectScimError = (
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  scimType?: string,
) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
};

const externalIdOf = (w: Team, userId: string, externalId: string) =>
  t.ctx.db.insert(scimUsers).values({ organizationId: w.id, userId, externalId });

describe('SCIM Users: reading', () => {
  it('GET /Users/{id} maps a member: userName and work email the address, names, title, active', async () => {
    const w = await scimTeam();
    await externalIdOf(w, w.member.id, '00u1abc');
    await t.ctx.db.update(users).set({ position: 'Engineer' }).where(eq(users.id, w.member.id));
    const res = await w.get(`/Users/${w.member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.json()).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: w.member.id,
      externalId: '00u1abc',
      userName: w.member.email,
      name: { formatted: 'Max Member', givenName: 'Max', familyName: 'Member' },
      title: 'Engineer',
      emails: [{ value: w.member.email, type: 'work', primary: true }],
      active: true,
      meta: {
        resourceType: 'User',
        created: expect.any(String),
        lastModified: expect.any(String),
        location: `${w.baseUrl}/Users/${w.member.id}`,
      },
    });
  });

  it('GET /Users/{id} is 404 for an unknown id, a malformed one, another team’s member and a removed one', async () => {
    const w = await scimTeam();
    const other = await scimTeam();
    for (const id of ['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f', 'not-an-id', other.member.id]) {
      const body = expectScimError(await w.get(`/Users/${id}`), 404);
      expect(body.detail).toBe(scimMessages.notFound);
    }
    const gone = await person(t);
    await addMember(t, w.id, gone.id, 'None');
    expectScimError(await w.get(`/Users/${gone.id}`), 404);
  });

  it('GET /Users lists the team’s members only, in pages, with a bounded count', async () => {
    const w = await scimTeam();
    await scimTeam(); // another team's members never show
    const extra = await person(t);
    await addMember(t, w.id, extra.id, 'User');
    const removed = await person(t);
    await addMember(t, w.id, removed.id, 'None');

    const all = (await w.get('/Users')).json();
    expect(all).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 3,
      startIndex: 1,
      itemsPerPage: 3,
    });
    const ids = all.Resources.map((u: { id: string }) => u.id);
    expect([...ids].sort()).toEqual([w.admin.id, w.member.id, extra.id].sort());
    expect(ids).toEqual([...ids].sort());

    const page = (await w.get('/Users', { startIndex: '2', count: '1' })).json();
    expect(page).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.Resources.map((u: { id: string }) => u.id)).toEqual([ids[1]]);
    const past = (await w.get('/Users', { startIndex: '9' })).json();
    expect(past).toMatchObject({ totalResults: 3, startIndex: 9, itemsPerPage: 0, Resources: [] });
    const none = (await w.get('/Users', { count: '0' })).json();
    expect(none).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    // RFC 7644 §3.4.2.4: a startIndex below 1 is 1, a negative count 0, a huge one the maximum.
    expect((await w.get('/Users', { startIndex: '-4' })).json().startIndex).toBe(1);
    expect((await w.get('/Users', { count: '-1' })).json().itemsPerPage).toBe(0);
    expect((await w.get('/Users', { count: '100000' })).json().itemsPerPage).toBe(3);
    expectScimError(await w.get('/Users', { count: 'ten' }), 400, 'invalidValue');
    expectScimError(
      await t.app.inject({
        method: 'GET',
        url: `${new URL(w.baseUrl).pathname}/Users?count=1&count=2`,
        headers: { authorization: `Bearer ${w.token}` },
      }),
      400,
      'invalidValue',
    );
  });

  it('filters as Okta and Entra ID look users up: userName, externalId, work email, and/or', async () => {
    const w = await scimTeam();
    await externalIdOf(w, w.member.id, 'ext-member');
    await externalIdOf(w, w.admin.id, 'ext-admin');
    const idsOf = async (filter: string) => {
      const res = await w.get('/Users', { filter });
      expect(res.statusCode, `${filter}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.totalResults).toBe(body.Resources.length);
      return body.Resources.map((u: { id: string }) => u.id).sort();
    };
    const member = [w.member.id];
    expect(await idsOf(`userName eq "${w.member.email}"`)).toEqual(member);
    // userName is not case-exact (RFC 7643): Entra ID may send the UPN's casing.
    expect(await idsOf(`userName eq "${w.member.email.toUpperCase()}"`)).toEqual(member);
    expect(await idsOf('userName eq "nobody@example.com"')).toEqual([]);
    expect(await idsOf('externalId eq "ext-member"')).toEqual(member);
    expect(await idsOf('externalId eq "EXT-MEMBER"')).toEqual([]);
    expect(await idsOf(`emails[type eq "work"].value eq "${w.member.email}"`)).toEqual(member);
    expect(await idsOf(`emails[type eq "home"].value eq "${w.member.email}"`)).toEqual([]);
    expect(await idsOf(`emails.value eq "${w.member.email}"`)).toEqual(member);
    expect(await idsOf(`id eq "${w.member.id}"`)).toEqual(member);
    expect(await idsOf(`userName eq "${w.member.email}" or externalId eq "ext-admin"`)).toEqual(
      [w.admin.id, w.member.id].sort(),
    );
    expect(await idsOf(`userName eq "${w.member.email}" and externalId eq "ext-member"`)).toEqual(
      member,
    );
    expect(await idsOf(`userName eq "${w.member.email}" and externalId eq "ext-admin"`)).toEqual(
      [],
    );
    expect(
      await idsOf(
        `(userName eq "${w.admin.email}" or externalId eq "ext-member") and active eq true`,
      ),
    ).toEqual([w.admin.id, w.member.id].sort());
    // Another team's member is not found by its address.
    const other = await scimTeam();
    expect(await idsOf(`userName eq "${other.member.email}"`)).toEqual([]);
  });

  it('refuses a filter it cannot parse or does not support as invalidFilter, never an empty list', async () => {
    const w = await scimTeam();
    for (const filter of [
      'userName eq',
      'userName xx "a"',
      '(((',
      'displayName eq "Max"',
      'userName co "max"',
      'userName pr',
      'not (userName eq "a")',
      'name.givenName eq "Max"',
      'emails[type eq "work"].display eq "x"',
      'active eq "yes"',
    ]) {
      const res = await w.get('/Users', { filter });
      expect(res.statusCode, `${filter}: ${res.body}`).toBe(400);
      expectScimError(res, 400, 'invalidFilter');
    }
  });
});

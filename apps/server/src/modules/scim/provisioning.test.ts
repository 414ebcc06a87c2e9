import { scimMessages } from '@roomscale/shared';
import { organizationsApi, scimApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, userLogins, users } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeIdpKeys } from '../../test/samlIdp.ts';
import { person, team } from '../../test/workspace.ts';
import { configureSso } from '../sso/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A team with a SCIM token, and a client that calls its SCIM base address as an IdP does. */
async function scimTeam() {
  const w = await team(t);
  const res = await callEndpoint(t, scimApi.createToken, {
    params: { organizationId: w.id },
    token: w.admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  const { token, baseUrl } = res.body;
  // The SCIM protocol is not a call of the contract: its addresses stay raw.
  const path = new URL(baseUrl).pathname;
  const scim = (method: Method, rest: string, body?: unknown, bearer = token) =>
    t.app.inject({
      method,
      url: `${path}${rest}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return { ...w, token, baseUrl, scim };
}

/** A SCIM answer as the tests read it. */
type ScimJson = {
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  name: Record<string, string>;
  Resources: ScimJson[];
  totalResults: number;
  [key: string]: unknown;
};

type Res = { statusCode: number; body: string; json(): unknown; headers: Record<string, unknown> };

function ok(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/scim+json');
  return res.json() as ScimJson;
}

function scimError(res: Res, status: number, scimType?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: String(status),
  });
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The body Okta's and Entra ID's test runs create a user with. */
const newUser = (email: string, externalId: string) => ({
  schemas: [USER],
  userName: email,
  externalId,
  name: { givenName: 'Grace', familyName: 'Hopper' },
  emails: [{ primary: true, value: email, type: 'work' }],
  active: true,
});

async function membershipOf(teamId: string, userId: string) {
  const [m] = await t.ctx.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, teamId), eq(memberships.userId, userId)));
  return m ?? null;
}

async function lastAudit(teamId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.organizationId, teamId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row!;
}

const dialects = {
  /** Okta: PUT for profile updates, PATCH with a value object for active. */
  okta: {
    rename: (current: ScimJson, givenName: string) => ({
      method: 'PUT' as const,
      body: { ...current, name: { ...current.name, givenName } },
    }),
    active: (active: boolean) => ({
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active } }],
    }),
  },
  /** Entra ID: PATCH with capitalised ops, paths (with filters) and booleans as strings. */
  entra: {
    rename: (current: ScimJson, givenName: string) => ({
      method: 'PATCH' as const,
      body: {
        schemas: [PATCH],
        Operations: [
          { op: 'Replace', path: 'name.givenName', value: givenName },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: current.userName },
          { op: 'Add', path: 'externalId', value: current.externalId },
        ],
      },
    }),
    active: (active: boolean) => ({
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: active ? 'True' : 'False' }],
    }),
  },
};

describe.each(Object.entries(dialects))('a provisioning run in the %s dialect', (dialect, d) => {
  it('lists empty, creates, gets, filters, refuses a duplicate, renames, deactivates, reactivates, deletes', async () => {
    const w = await scimTeam();
    const email = uniqueEmail(`${dialect}-grace`);
    const byName = `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`;

    // List empty: the lookup before a create.
    expect(ok(await w.scim('GET', byName))).toMatchObject({ totalResults: 0, Resources: [] });

    // Create: a new address joins the team as a User on Trial.
    const created = ok(await w.scim('POST', '/Users', newUser(email, `${dialect}-1`)), 201);
    expect(created).toMatchObject({
      schemas: [USER],
      userName: email,
      externalId: `${dialect}-1`,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: email, type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: `${w.baseUrl}/Users/${created.id}` },
    });
    expect(await membershipOf(w.id, created.id)).toMatchObject({
      role: 'User',
      licenseType: 'Trial',
    });
    expect(await lastAudit(w.id)).toMatchObject({
      action: 'membership.add',
      actorId: null,
      actorName: 'SCIM',
      targetUserId: created.id,
    });

    // Get, and find by userName, externalId and work email.
    expect(ok(await w.scim('GET', `/Users/${created.id}`))).toEqual(created);
    expect(ok(await w.scim('GET', byName)).Resources).toEqual([created]);
    const byExternal = `/Users?filter=${encodeURIComponent(`externalId eq "${dialect}-1"`)}`;
    expect(ok(await w.scim('GET', byExternal)).totalResults).toBe(1);

    // Duplicate: 409 uniqueness (also by another casing of the address).
    scimError(await w.scim('POST', '/Users', newUser(email, `${dialect}-2`)), 409, 'uniqueness');
    scimError(
      await w.scim('POST', '/Users', newUser(email.toUpperCase(), `${dialect}-3`)),
      409,
      'uniqueness',
    );

    // Update names.
    const rename = d.rename(created, 'Amazing Grace');
    const renamed = ok(await w.scim(rename.method, `/Users/${created.id}`, rename.body));
    expect(renamed.name).toMatchObject({ givenName: 'Amazing Grace', familyName: 'Hopper' });
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(account!.firstName).toBe('Amazing Grace');
    expect(await lastAudit(w.id)).toMatchObject({ action: 'membership.edit', actorName: 'SCIM' });

    // Deactivate: the membership no longer counts, the license is freed.
    const off = ok(await w.scim('PATCH', `/Users/${created.id}`, d.active(false)));
    expect(off.active).toBe(false);
    expect(await membershipOf(w.id, created.id)).toMatchObject({
      role: 'None',
      licenseType: 'None',
    });
    expect(ok(await w.scim('GET', `/Users/${created.id}`)).active).toBe(false);
    expect(await lastAudit(w.id)).toMatchObject({
      action: 'membership.suspend',
      actorName: 'SCIM',
    });
    const memberList = async () => {
      const res = await callEndpoint(t, teamUsersApi.list, {
        params: { organizationId: w.id },
        query: { Page: 1, PageSize: 100 },
        token: w.admin.session,
      });
      expect(res.status, res.raw.body).toBe(200);
      return res.raw.body;
    };
    expect(await memberList()).not.toContain(email);

    // Reactivate: the role comes back.
    const on = ok(await w.scim('PATCH', `/Users/${created.id}`, d.active(true)));
    expect(on.active).toBe(true);
    expect(await membershipOf(w.id, created.id)).toMatchObject({
      role: 'User',
      licenseType: 'Trial',
    });
    expect(await memberList()).toContain(email);
    expect(await lastAudit(w.id)).toMatchObject({
      action: 'membership.restore',
      actorName: 'SCIM',
    });

    // Delete: the membership goes, the account stays.
    const del = await w.scim('DELETE', `/Users/${created.id}`);
    expect(del.statusCode, del.body).toBe(204);
    scimError(await w.scim('GET', `/Users/${created.id}`), 404);
    expect(ok(await w.scim('GET', byName)).totalResults).toBe(0);
    expect((await membershipOf(w.id, created.id))?.role).toBe('None');
    expect(await t.ctx.db.select().from(users).where(eq(users.id, created.id))).toHaveLength(1);
    expect(await lastAudit(w.id)).toMatchObject({ action: 'membership.remove', actorName: 'SCIM' });

    // Unknown id, bad filter, wrong token.
    const unknown = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const body =
        method === 'PUT' ? newUser(email, 'x') : method === 'PATCH' ? d.active(false) : undefined;
      scimError(await w.scim(method, `/Users/${unknown}`, body), 404);
    }
    scimError(
      await w.scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`),
      400,
      'invalidFilter',
    );
    scimError(await w.scim('GET', '/Users', undefined, 'not-the-token'), 401);
  });
});

describe('SCIM deprovisioning of a signed-in member', () => {
  it('suspended, the member’s next call gets 404 for the team and the team leaves their list; restored, it is back', async () => {
    const w = await scimTeam();
    await t.ctx.db
      .update(memberships)
      .set({ licenseType: 'License', licenseAssignedAt: t.clock.now() })
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, w.member.id)));
    const teamCall = () =>
      callEndpoint(t, organizationsApi.get, {
        params: { organizationId: w.id },
        token: w.member.session,
      });
    expect((await teamCall()).status).toBe(200);

    ok(await w.scim('PATCH', `/Users/${w.member.id}`, dialects.okta.active(false)));
    expect((await teamCall()).status).toBe(404);
    const mine = await callEndpoint(t, usersApi.myTeams, { token: w.member.session });
    expect(mine.status, mine.raw.body).toBe(200);
    expect(mine.raw.body).not.toContain(w.id);
    // The License is freed.
    expect(await membershipOf(w.id, w.member.id)).toMatchObject({ licenseType: 'None' });

    ok(await w.scim('PATCH', `/Users/${w.member.id}`, dialects.entra.active(true)));
    expect((await teamCall()).status).toBe(200);
  });

  it('a member a team admin removed stays removed: SCIM shows them inactive and cannot restore them', async () => {
    const w = await scimTeam();
    const created = ok(await w.scim('POST', '/Users', newUser(uniqueEmail('removed'), 'r-1')), 201);
    const removed = await callEndpoint(t, teamUsersApi.remove, {
      params: { organizationId: w.id, userId: created.id },
      token: w.admin.session,
    });
    expect(removed.status, removed.raw.body).toBeLessThan(300);
    expect(ok(await w.scim('GET', `/Users/${created.id}`)).active).toBe(false);
    const restore = await w.scim('PATCH', `/Users/${created.id}`, dialects.okta.active(true));
    expect(scimError(restore, 400, 'mutability').detail).toBe(scimMessages.removedByAdmin);
    expect((await membershipOf(w.id, created.id))?.role).toBe('None');
    // The provider can still delete it.
    expect((await w.scim('DELETE', `/Users/${created.id}`)).statusCode).toBe(204);
    scimError(await w.scim('GET', `/Users/${created.id}`), 404);
  });

  it('the last admin can be neither suspended nor removed: SCIM 400 with a clear detail', async () => {
    const w = await scimTeam();
    for (const res of [
      await w.scim('PATCH', `/Users/${w.admin.id}`, dialects.entra.active(false)),
      await w.scim('PUT', `/Users/${w.admin.id}`, {
        ...newUser(w.admin.email, 'a'),
        name: { givenName: 'Alice', familyName: 'Admin' },
        active: false,
      }),
      await w.scim('DELETE', `/Users/${w.admin.id}`),
    ]) {
      expect(scimError(res, 400).detail).toBe(scimMessages.lastAdmin);
    }
    expect(await membershipOf(w.id, w.admin.id)).toMatchObject({ role: 'Admin' });
  });

  it('another team’s member is 404 for every method', async () => {
    const w = await scimTeam();
    const other = await scimTeam();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const body = method === 'PATCH' ? dialects.okta.active(false) : undefined;
      scimError(await w.scim(method, `/Users/${other.member.id}`, body), 404);
    }
    expect(await membershipOf(other.id, other.member.id)).toMatchObject({ role: 'User' });
  });
});

describe('SCIM creation', () => {
  it('an address with an account gets an invitation it must accept; until then active is false', async () => {
    const w = await scimTeam();
    const someone = await person(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const created = ok(await w.scim('POST', '/Users', newUser(someone.email, 'ada')), 201);
    expect(created).toMatchObject({ id: someone.id, active: false, externalId: 'ada' });
    // The account's names are its owner's, not what the provider sent.
    expect(created.name).toMatchObject({ givenName: 'Ada', familyName: 'Lovelace' });
    expect(await membershipOf(w.id, someone.id)).toBeNull();
    scimError(await w.scim('POST', '/Users', newUser(someone.email, 'ada2')), 409, 'uniqueness');

    const invitations = await callEndpoint(t, teamUsersApi.myInvitations, {
      token: someone.session,
    });
    const [invitation] = invitations.body;
    expect(invitation).toBeDefined();
    const accepted = await callEndpoint(t, teamUsersApi.acceptInvitation, {
      params: { invitationId: invitation!.id },
      token: someone.session,
    });
    expect(accepted.status, accepted.raw.body).toBeLessThan(300);
    expect(ok(await w.scim('GET', `/Users/${someone.id}`)).active).toBe(true);
    // Names of an account the team did not create are not the provider's to change.
    const renamed = await w.scim('PATCH', `/Users/${someone.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'name.givenName', value: 'Augusta' }],
    });
    expect(scimError(renamed, 400, 'mutability').detail).toBe(scimMessages.namesLocked);
  });

  it('takes a user without externalId, title or emails (the least a provider sends)', async () => {
    const w = await scimTeam();
    const email = uniqueEmail('least');
    const created = ok(
      await w.scim('POST', '/Users', {
        schemas: [USER],
        userName: email,
        name: { givenName: 'Grace', familyName: 'Hopper' },
        active: true,
      }),
      201,
    );
    expect(created).toMatchObject({ userName: email, active: true });
    expect(created.externalId).toBeUndefined();
    const off = ok(await w.scim('PATCH', `/Users/${created.id}`, dialects.okta.active(false)));
    expect(off.active).toBe(false);
  });

  it('ignores what Entra ID’s default mappings send that we do not store, in POST and PATCH', async () => {
    const w = await scimTeam();
    const email = uniqueEmail('entra-defaults');
    const created = ok(
      await w.scim('POST', '/Users', {
        ...newUser(email, 'entra-1'),
        displayName: 'Grace Hopper',
        preferredLanguage: 'en-US',
        phoneNumbers: [{ type: 'work', value: '+1 555 0100' }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Navy' },
      }),
      201,
    );
    const patched = ok(
      await w.scim('PATCH', `/Users/${created.id}`, {
        schemas: [PATCH],
        Operations: [
          { op: 'Add', path: 'displayName', value: 'Amazing Grace' },
          { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+1 555 0101' },
          {
            op: 'Add',
            path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
            value: 'Research',
          },
          { op: 'Replace', path: 'title', value: 'Rear Admiral' },
        ],
      }),
    );
    expect(patched).toMatchObject({ title: 'Rear Admiral', active: true });
    expect(patched.displayName).toBeUndefined();
    // Only what we do not store: nothing changes, 200 with the user.
    const nothing = ok(
      await w.scim('PATCH', `/Users/${created.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'Replace', path: 'preferredLanguage', value: 'de-DE' }],
      }),
    );
    expect(nothing.id).toBe(created.id);
  });

  it('in a team with single sign-on, a new user gets the team’s SSO login and needs no activation', async () => {
    const w = await scimTeam();
    await configureSso(t, w.id, w.admin, await makeIdpKeys());
    const email = uniqueEmail('sso-scim');
    const created = ok(await w.scim('POST', '/Users', newUser(email, 'sso-1')), 201);
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(account!.activated).toBe(true);
    const logins = await t.ctx.db
      .select()
      .from(userLogins)
      .where(eq(userLogins.userId, created.id));
    expect(logins).toEqual([
      expect.objectContaining({ loginProviderId: `saml-${w.id}`, providerKey: email }),
    ]);
  });

  it('refuses what it cannot take, each as SCIM 400 with its scimType', async () => {
    const w = await scimTeam();
    const email = uniqueEmail('bad');
    scimError(await w.scim('POST', '/Users', { schemas: [USER] }), 400, 'invalidValue');
    scimError(
      await w.scim('POST', '/Users', { ...newUser(email, 'x'), userName: 'not an address' }),
      400,
      'invalidValue',
    );
    scimError(
      await w.scim('POST', '/Users', {
        ...newUser(email, 'x'),
        emails: [{ value: 'other@example.com', type: 'work' }],
      }),
      400,
      'invalidValue',
    );
    scimError(
      await w.scim('POST', '/Users', { ...newUser(email, 'x'), name: {} }),
      400,
      'invalidValue',
    );
    scimError(
      await w.scim('POST', '/Users', { ...newUser(email, 'x'), active: false }),
      400,
      'invalidValue',
    );
    const created = ok(await w.scim('POST', '/Users', newUser(email, 'ext-x')), 201);
    // The address is the account's: not changed through SCIM.
    const moved = await w.scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'userName', value: uniqueEmail('moved') }],
    });
    expect(scimError(moved, 400, 'mutability').detail).toBe(scimMessages.addressFixed);
    // An unknown path or operation is scimmy's invalidPath / invalidSyntax.
    scimError(
      await w.scim('PATCH', `/Users/${created.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'favouriteColour', value: 'x' }],
      }),
      400,
      'invalidPath',
    );
    scimError(
      await w.scim('PATCH', `/Users/${created.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'frob', path: 'active', value: true }],
      }),
      400,
    );
    // externalId is unique in the team.
    const second = ok(await w.scim('POST', '/Users', newUser(uniqueEmail('two'), 'ext-y')), 201);
    scimError(
      await w.scim('PATCH', `/Users/${second.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'externalId', value: 'ext-x' }],
      }),
      409,
      'uniqueness',
    );
  });
});

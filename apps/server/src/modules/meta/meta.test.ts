import {
  META_LOGIN_LABEL,
  META_LOGIN_PROVIDER,
  metaMessages,
  type OculusLink,
  type OculusNonceProof,
  security,
  ssoMessages,
} from '@roomscale/shared';
import { linkedAccountsApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, userLogins, users } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createTeam, expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MetaStandIn, startMetaStandIn } from '../../test/metaStandIn.ts';
import { type Person, person } from '../../test/workspace.ts';

const REDIRECT_URI = 'http://roomscale.test/sso/oculus';

let meta: MetaStandIn;
let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  meta = await startMetaStandIn({ redirectUri: REDIRECT_URI });
  // A short timeout so the 'Meta does not answer' case is quick.
  t = await createTestApp({ ...meta.env, META_TIMEOUT_MS: '300' });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await meta?.close();
});

let lastId = 0;
/** A fresh org-scoped id, so tests never share a Meta account by accident. */
const newMetaId = () => `77${Date.now().toString().slice(-9)}${String(++lastId).padStart(4, '0')}`;

/** GET the sign-in URL: the URL and the cookie the link call needs. */
async function startLink(app: TestApp, p: Person) {
  const res = await callEndpoint(app, linkedAccountsApi.metaUrl, { token: p.session });
  expect(res.status, res.raw.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { url: res.body.url, setCookie, cookie: setCookie.split(';')[0]! };
}

function linkByCode(p: Person, body: OculusLink, cookie?: string) {
  return callEndpoint(t, linkedAccountsApi.metaLink, {
    token: p.session,
    body,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function metaLoginsOf(userId: string) {
  return t.ctx.db
    .select({ providerKey: userLogins.providerKey, displayName: userLogins.displayName })
    .from(userLogins)
    .where(and(eq(userLogins.userId, userId), eq(userLogins.loginProviderId, META_LOGIN_PROVIDER)));
}

async function subscriptionOf(userId: string) {
  const [row] = await t.ctx.db
    .select({ has: users.hasMetaSubscription })
    .from(users)
    .where(eq(users.id, userId));
  return row!.has;
}

async function auditOf(userId: string) {
  return t.ctx.db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(eq(auditLog.targetUserId, userId))
    .orderBy(auditLog.at);
}

/** A user with a linked Meta account (through the API), optionally subscribed. */
async function linkedPerson(orgScopedId: string, subscribed = false) {
  const p = await person(t);
  const { cookie } = await startLink(t, p);
  const code = meta.issueCode(orgScopedId, { subscribed });
  const res = await linkByCode(
    p,
    { oculusAccessCode: code, oculusOrgScopedId: orgScopedId },
    cookie,
  );
  expect(res.status, res.raw.body).toBe(200);
  return p;
}

const metaEntry = (orgScopedId: string) => ({
  loginProviderId: META_LOGIN_PROVIDER,
  displayName: META_LOGIN_LABEL,
  userKey: orgScopedId,
});

describe('GET the sign-in URL', () => {
  it('refuses with notConfigured (409) when the server has no Meta app, and sets no cookie', async () => {
    const p = await person(bare);
    const res = await callEndpoint(bare, linkedAccountsApi.metaUrl, { token: p.session });
    expect(expectProblem(res, 409).detail).toBe(metaMessages.notConfigured);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("answers Meta's account-linking page for this organization, returning to /sso/oculus", async () => {
    const p = await person(t);
    const { url, setCookie } = await startLink(t, p);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(meta.authUrl);
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(u.searchParams.get('organization_id')).toBe(meta.organizationId);
    expect(setCookie).toMatch(
      /^rs_meta_link=[^;]+; Path=\/api\/User\/Me\/LinkedAccounts\/Oculus\/Sso;/,
    );
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain(`Max-Age=${security.metaLinkStartSeconds}`);
  });
});

describe('PUT the code from /sso/oculus', () => {
  it('walks the whole link: sign-in page, fragment, link — row, answer, audit, subscription, license', async () => {
    const p = await person(t);
    const team = await createTeam(t, p.id, 'Meta team');
    const orgScopedId = newMetaId();
    const { url, cookie } = await startLink(t, p);

    // The stand-in's page, as the browser sees it, then its 'Link Account' button.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Link Account');
    const approve = new URL('approve', url);
    approve.search = new URLSearchParams({
      redirect_uri: REDIRECT_URI,
      org_scoped_id: orgScopedId,
      subscribed: '1',
    }).toString();
    const back = await fetch(approve, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    const fragment = JSON.parse(Buffer.from(location.hash.slice(1), 'base64').toString('utf8'));
    expect(fragment).toEqual({ code: expect.any(String), org_scoped_id: orgScopedId });

    const callsBefore = meta.calls.length;
    const res = await linkByCode(
      p,
      { oculusAccessCode: fragment.code, oculusOrgScopedId: fragment.org_scoped_id },
      cookie,
    );
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual([metaEntry(orgScopedId)]);
    // The link is done: the cookie is dropped.
    expect(String(res.headers['set-cookie'])).toMatch(/^rs_meta_link=; .*Max-Age=0/);

    expect(await metaLoginsOf(p.id)).toEqual([
      { providerKey: orgScopedId, displayName: META_LOGIN_LABEL },
    ]);
    expect(await subscriptionOf(p.id)).toBe(true);
    expect(await auditOf(p.id)).toEqual([
      {
        action: 'login.link',
        actorId: p.id,
        before: { hasMetaSubscription: false },
        after: {
          loginProviderId: META_LOGIN_PROVIDER,
          displayName: META_LOGIN_LABEL,
          providerKey: orgScopedId,
          hasMetaSubscription: true,
        },
      },
    ]);

    // Meta was asked with its own calls: code exchange (app token), the account, the subscription.
    const asked = meta.calls.slice(callsBefore);
    expect(asked.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /sso_authorize_code',
      'GET /me',
      'GET /application/subscriptions',
    ]);
    expect(asked[0]!.params).toMatchObject({
      code: fragment.code,
      org_scoped_id: orgScopedId,
      access_token: `OC|${meta.appId}|${meta.appSecret}`,
    });
    expect(asked[2]!.params).toMatchObject({
      owner_id: meta.account(orgScopedId).id,
      is_active: 'true',
    });

    // The subscription is a license of the user's team, and the user's profile says so.
    const list = await callEndpoint(t, teamUsersApi.list, {
      params: { organizationId: team.id },
      query: { Page: 1, PageSize: 25 },
      token: p.session,
    });
    expect(list.status, list.raw.body).toBe(200);
    expect(list.body.licenseCount).toBe(1);
    const me = await callEndpoint(t, usersApi.me, { token: p.session });
    expect(me.body).toMatchObject({ hasOculusLogin: true, hasMetaSubscription: true });
  });

  it('links without a subscription when Meta reports none', async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId, false);
    expect(await subscriptionOf(p.id)).toBe(false);
    expect((await auditOf(p.id))[0]!.after).toEqual({
      loginProviderId: META_LOGIN_PROVIDER,
      displayName: META_LOGIN_LABEL,
      providerKey: orgScopedId,
    });
  });

  it('refuses a link not started in this browser by this user (no, foreign, forged or old cookie)', async () => {
    const p = await person(t);
    const other = await person(t);
    const orgScopedId = newMetaId();
    const body = { oculusAccessCode: meta.issueCode(orgScopedId), oculusOrgScopedId: orgScopedId };
    const { cookie: othersCookie } = await startLink(t, other);
    const { cookie } = await startLink(t, p);
    const forged = `${cookie.slice(0, -3)}${cookie.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const callsBefore = meta.calls.length;
    for (const c of [undefined, othersCookie, forged, 'rs_meta_link=garbage']) {
      const res = await linkByCode(p, body, c);
      expect(expectProblem(res, 403).detail, String(c)).toBe(metaMessages.linkNotStarted);
    }
    // A cookie past its time, with a session that is still good.
    t.clock.advance(security.metaLinkStartSeconds + 1);
    const late = await linkByCode({ ...p, session: await signIn(t, p) }, body, cookie);
    expect(expectProblem(late, 403).detail).toBe(metaMessages.linkNotStarted);
    expect(meta.calls.length).toBe(callsBefore); // Meta was never asked
    expect(await metaLoginsOf(p.id)).toEqual([]);
  });

  it('refuses a code that belongs to another Meta account, even when Meta would exchange it', async () => {
    const p = await person(t);
    const { cookie } = await startLink(t, p);
    const mine = newMetaId();
    const theirs = newMetaId();
    const res = await linkByCode(
      p,
      { oculusAccessCode: meta.issueCode(theirs), oculusOrgScopedId: mine },
      cookie,
    );
    expect(expectProblem(res, 403).detail).toBe(metaMessages.codeRejected);

    meta.quirks.exchangeIgnoresOrgScopedId = true;
    try {
      const sloppy = await linkByCode(
        p,
        { oculusAccessCode: meta.issueCode(theirs), oculusOrgScopedId: mine },
        cookie,
      );
      expect(expectProblem(sloppy, 403).detail).toBe(metaMessages.codeRejected);
    } finally {
      meta.quirks.exchangeIgnoresOrgScopedId = false;
    }
    expect(await metaLoginsOf(p.id)).toEqual([]);
    expect(await auditOf(p.id)).toEqual([]);
  });

  it('refuses an unknown or already used code', async () => {
    const orgScopedId = newMetaId();
    const p = await person(t);
    const { cookie } = await startLink(t, p);
    const unknown = await linkByCode(
      p,
      { oculusAccessCode: 'not-a-code', oculusOrgScopedId: orgScopedId },
      cookie,
    );
    expect(expectProblem(unknown, 403).detail).toBe(metaMessages.codeRejected);

    const code = meta.issueCode(orgScopedId);
    const first = await linkedPersonWithCode(code, orgScopedId);
    expect(first.status, first.raw.body).toBe(200);
    const reused = await linkByCode(
      p,
      { oculusAccessCode: code, oculusOrgScopedId: orgScopedId },
      cookie,
    );
    expect(expectProblem(reused, 403).detail).toBe(metaMessages.codeRejected);
    expect(await metaLoginsOf(p.id)).toEqual([]);
  });

  it("answers 'unavailable' (502) and writes nothing when Meta fails or does not answer in time", async () => {
    const orgScopedId = newMetaId();
    const p = await person(t);
    const { cookie } = await startLink(t, p);
    const code = meta.issueCode(orgScopedId, { subscribed: true });
    const body = { oculusAccessCode: code, oculusOrgScopedId: orgScopedId };
    for (const failure of ['error', 'hang'] as const) {
      meta.failWith(failure);
      try {
        const res = await linkByCode(p, body, cookie);
        expect(expectProblem(res, 502).detail, failure).toBe(metaMessages.unavailable);
      } finally {
        meta.failWith(null);
      }
    }
    expect(await metaLoginsOf(p.id)).toEqual([]);
    expect(await subscriptionOf(p.id)).toBe(false);
    expect(await auditOf(p.id)).toEqual([]);
    // Meta never took the code: once it is back, the same sign-in links.
    const res = await linkByCode(p, body, cookie);
    expect(res.status, res.raw.body).toBe(200);
  });

  it('refuses (409) a Meta account linked to another user, and a second Meta account', async () => {
    const orgScopedId = newMetaId();
    const owner = await person(t);
    const { cookie: ownerCookie } = await startLink(t, owner);
    const linked = await linkByCode(
      owner,
      { oculusAccessCode: meta.issueCode(orgScopedId), oculusOrgScopedId: orgScopedId },
      ownerCookie,
    );
    expect(linked.status, linked.raw.body).toBe(200);

    const p = await person(t);
    const { cookie } = await startLink(t, p);
    const taken = await linkByCode(
      p,
      { oculusAccessCode: meta.issueCode(orgScopedId), oculusOrgScopedId: orgScopedId },
      cookie,
    );
    expect(expectProblem(taken, 409).detail).toBe(metaMessages.takenByOther);
    expect(await metaLoginsOf(p.id)).toEqual([]);

    // A second Meta account: refused at the start, and before Meta is asked.
    const start = await callEndpoint(t, linkedAccountsApi.metaUrl, { token: owner.session });
    expect(expectProblem(start, 409).detail).toBe(metaMessages.alreadyLinked);
    const callsBefore = meta.calls.length;
    const second = newMetaId();
    const again = await linkByCode(
      owner,
      { oculusAccessCode: meta.issueCode(second), oculusOrgScopedId: second },
      ownerCookie,
    );
    expect(expectProblem(again, 409).detail).toBe(metaMessages.alreadyLinked);
    expect(meta.calls.length).toBe(callsBefore);
    expect(await metaLoginsOf(owner.id)).toEqual([
      { providerKey: orgScopedId, displayName: META_LOGIN_LABEL },
    ]);
  });

  it('lets one of two simultaneous links win: of one Meta account, and of one user', async () => {
    const shared = newMetaId();
    const [a, b] = [await person(t), await person(t)];
    const [ca, cb] = [await startLink(t, a), await startLink(t, b)];
    const same = await Promise.all(
      [
        [a, ca],
        [b, cb],
      ].map(([p, c]) =>
        linkByCode(
          p as Person,
          { oculusAccessCode: meta.issueCode(shared), oculusOrgScopedId: shared },
          (c as { cookie: string }).cookie,
        ),
      ),
    );
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await t.ctx.db
      .select({ userId: userLogins.userId })
      .from(userLogins)
      .where(eq(userLogins.providerKey, shared));
    expect(owners).toHaveLength(1);

    const p = await person(t);
    const { cookie } = await startLink(t, p);
    const both = await Promise.all(
      [newMetaId(), newMetaId()].map((id) =>
        linkByCode(p, { oculusAccessCode: meta.issueCode(id), oculusOrgScopedId: id }, cookie),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await metaLoginsOf(p.id)).toHaveLength(1);
  });

  it('validates the body', async () => {
    const p = await person(t);
    const { cookie } = await startLink(t, p);
    const refused = (body: unknown) =>
      callUnchecked(t, linkedAccountsApi.metaLink, { token: p.session, body, headers: { cookie } });
    expectProblem(await refused({ oculusAccessCode: 'x' }), 400, 'oculusOrgScopedId');
    expectProblem(
      await linkByCode(p, { oculusAccessCode: '  ', oculusOrgScopedId: '1' }, cookie),
      400,
      'oculusAccessCode',
    );
  });
});

/** Links `code` for a fresh person; the raw answer. */
async function linkedPersonWithCode(code: string, orgScopedId: string) {
  const p = await person(t);
  const { cookie } = await startLink(t, p);
  return linkByCode(p, { oculusAccessCode: code, oculusOrgScopedId: orgScopedId }, cookie);
}

describe('DELETE the caller’s Meta login', () => {
  it('unlinks, drops the subscription, and returns the team Licenses it no longer covers', async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId, true);
    const team = await createTeam(t, p.id, 'Covered by Meta');
    // The Meta subscription is the team's only license, and p holds it.
    await t.ctx.db
      .update(memberships)
      .set({ licenseType: 'License', licenseAssignedAt: t.clock.now() })
      .where(and(eq(memberships.organizationId, team.id), eq(memberships.userId, p.id)));

    const res = await callEndpoint(t, linkedAccountsApi.metaUnlink, { token: p.session });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual([]);
    expect(await metaLoginsOf(p.id)).toEqual([]);
    expect(await subscriptionOf(p.id)).toBe(false);
    const [m] = await t.ctx.db
      .select({ licenseType: memberships.licenseType })
      .from(memberships)
      .where(and(eq(memberships.organizationId, team.id), eq(memberships.userId, p.id)));
    expect(m!.licenseType).toBe('Trial');
    const entries = await auditOf(p.id);
    // The last two are written at the same moment: their order is not meaningful.
    expect(entries.map((e) => e.action).sort()).toEqual([
      'license.returnToTrial',
      'login.link',
      'login.unlink',
    ]);
    expect(entries.find((e) => e.action === 'login.unlink')).toEqual({
      action: 'login.unlink',
      actorId: p.id,
      before: {
        loginProviderId: META_LOGIN_PROVIDER,
        displayName: META_LOGIN_LABEL,
        providerKey: orgScopedId,
        hasMetaSubscription: true,
      },
      after: { hasMetaSubscription: false },
    });
  });

  it('works without the Meta app configured, and answers 409 notLinked when there is none', async () => {
    const p = await person(bare);
    const res = await callEndpoint(bare, linkedAccountsApi.metaUnlink, { token: p.session });
    expect(expectProblem(res, 409).detail).toBe(metaMessages.notLinked);
  });

  it('refuses (409) to remove the only way to log in, and keeps everything', async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId, true);
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, p.id));
    const res = await callEndpoint(t, linkedAccountsApi.metaUnlink, { token: p.session });
    expect(expectProblem(res, 409).detail).toBe(ssoMessages.lastLogin);
    expect(await metaLoginsOf(p.id)).toHaveLength(1);
    expect(await subscriptionOf(p.id)).toBe(true);
    expect((await auditOf(p.id)).map((e) => e.action)).toEqual(['login.link']);
  });
});

describe('the headset app', () => {
  const fromHeadset = (p: Person, body: OculusNonceProof) =>
    callEndpoint(t, linkedAccountsApi.metaLinkFromHeadset, { token: p.session, body });

  it('links with a nonce Meta confirms for the user id, subscription included', async () => {
    const orgScopedId = newMetaId();
    const p = await person(t);
    const { nonce, userId } = meta.issueNonce(orgScopedId, { subscribed: true });
    const callsBefore = meta.calls.length;
    const res = await fromHeadset(p, {
      oculusAccessCode: nonce,
      oculusOrgScopedId: orgScopedId,
      oculusUserId: userId,
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual([metaEntry(orgScopedId)]);
    expect(await subscriptionOf(p.id)).toBe(true);
    const asked = meta.calls.slice(callsBefore);
    expect(asked.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /user_nonce_validate',
      `GET /${userId}`,
      'GET /application/subscriptions',
    ]);
    expect(asked[0]!.params).toEqual({
      access_token: `OC|${meta.appId}|${meta.appSecret}`,
      nonce,
      user_id: userId,
    });
  });

  it('checks the nonce against the org-scoped id when no user id is sent', async () => {
    const orgScopedId = newMetaId();
    const p = await person(t);
    const { nonce } = meta.issueNonce(orgScopedId);
    const res = await fromHeadset(p, { oculusAccessCode: nonce, oculusOrgScopedId: orgScopedId });
    expect(res.status, res.raw.body).toBe(200);
    expect(await metaLoginsOf(p.id)).toEqual([
      { providerKey: orgScopedId, displayName: META_LOGIN_LABEL },
    ]);
  });

  it('refuses a spent nonce, a nonce of another account, and a user id of another account', async () => {
    const mine = newMetaId();
    const theirs = newMetaId();
    const p = await person(t);
    const spent = meta.issueNonce(mine);
    const first = await fromHeadset(await person(t), {
      oculusAccessCode: spent.nonce,
      oculusOrgScopedId: mine,
      oculusUserId: spent.userId,
    });
    expect(first.status, first.raw.body).toBe(200);
    const other = meta.issueNonce(theirs);
    const attempts = [
      { oculusAccessCode: spent.nonce, oculusOrgScopedId: mine, oculusUserId: spent.userId },
      // Their valid nonce and user id, claiming my org-scoped id.
      { oculusAccessCode: other.nonce, oculusOrgScopedId: mine, oculusUserId: other.userId },
      {
        oculusAccessCode: meta.issueNonce(theirs).nonce,
        oculusOrgScopedId: mine,
        oculusUserId: spent.userId,
      },
    ];
    for (const body of attempts) {
      const res = await fromHeadset(p, body);
      expect(expectProblem(res, 403).detail, JSON.stringify(body)).toBe(metaMessages.codeRejected);
    }
    expect(await metaLoginsOf(p.id)).toEqual([]);
  });

  it('answers notConfigured (409) on a server without the Meta app', async () => {
    const p = await person(bare);
    const res = await callEndpoint(bare, linkedAccountsApi.metaLinkFromHeadset, {
      token: p.session,
      body: { oculusAccessCode: 'n', oculusOrgScopedId: '1' },
    });
    expect(expectProblem(res, 409).detail).toBe(metaMessages.notConfigured);
  });
});

describe('DELETE /api/LinkedAccounts/Oculus (the headset, no bearer)', () => {
  const byAccount = (app: TestApp, body: OculusNonceProof) =>
    callEndpoint(app, linkedAccountsApi.metaUnlinkByAccount, { body });

  it('unlinks the Meta account from whichever user has it, as that user', async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId, true);
    const { nonce, userId } = meta.issueNonce(orgScopedId);
    const res = await byAccount(t, {
      oculusAccessCode: nonce,
      oculusOrgScopedId: orgScopedId,
      oculusUserId: userId,
    });
    expect(res.status, res.raw.body).toBe(204);
    expect(res.raw.body).toBe('');
    expect(await metaLoginsOf(p.id)).toEqual([]);
    expect(await subscriptionOf(p.id)).toBe(false);
    const last = (await auditOf(p.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'login.unlink', actorId: p.id });
  });

  it('answers 204 for an account nobody has — after Meta confirmed the nonce', async () => {
    const orgScopedId = newMetaId();
    const { nonce, userId } = meta.issueNonce(orgScopedId);
    const callsBefore = meta.calls.length;
    const res = await byAccount(t, {
      oculusAccessCode: nonce,
      oculusOrgScopedId: orgScopedId,
      oculusUserId: userId,
    });
    expect(res.status, res.raw.body).toBe(204);
    expect(meta.calls.slice(callsBefore).map((c) => c.path)).toEqual([
      '/user_nonce_validate',
      `/${userId}`,
    ]);
  });

  it('refuses (403) without a valid nonce, whether or not the account is linked, and keeps it', async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId);
    for (const id of [orgScopedId, newMetaId()]) {
      const res = await byAccount(t, { oculusAccessCode: 'forged', oculusOrgScopedId: id });
      expect(expectProblem(res, 403).detail).toBe(metaMessages.codeRejected);
    }
    expect(await metaLoginsOf(p.id)).toHaveLength(1);
  });

  it("refuses (409) when it is the user's only way to log in", async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId);
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, p.id));
    const { nonce } = meta.issueNonce(orgScopedId);
    const res = await byAccount(t, { oculusAccessCode: nonce, oculusOrgScopedId: orgScopedId });
    expect(expectProblem(res, 409).detail).toBe(ssoMessages.lastLogin);
    expect(await metaLoginsOf(p.id)).toHaveLength(1);
  });

  it('answers 502 when Meta is down, and 409 on a server without the Meta app', async () => {
    const orgScopedId = newMetaId();
    const p = await linkedPerson(orgScopedId);
    const { nonce } = meta.issueNonce(orgScopedId);
    meta.failWith('error');
    try {
      const res = await byAccount(t, { oculusAccessCode: nonce, oculusOrgScopedId: orgScopedId });
      expect(expectProblem(res, 502).detail).toBe(metaMessages.unavailable);
    } finally {
      meta.failWith(null);
    }
    expect(await metaLoginsOf(p.id)).toHaveLength(1);
    const res = await byAccount(bare, { oculusAccessCode: 'n', oculusOrgScopedId: '1' });
    expect(expectProblem(res, 409).detail).toBe(metaMessages.notConfigured);
  });
});

describe('access', () => {
  it('limits the public unlink per client address, before validation and before Meta', async () => {
    const callsBefore = meta.calls.length;
    const ip = '10.250.0.9';
    const statuses: number[] = [];
    for (let i = 0; i <= security.rateLimitPerMinute.meta; i++) {
      const res = await callUnchecked(t, linkedAccountsApi.metaUnlinkByAccount, { body: {}, ip });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(meta.calls.length).toBe(callsBefore);
  });

  it('answers 401 without a bearer on the /User/Me calls', async () => {
    const body = { oculusAccessCode: 'n', oculusOrgScopedId: '1' };
    for (const e of [
      linkedAccountsApi.metaUrl,
      linkedAccountsApi.metaLink,
      linkedAccountsApi.metaLinkFromHeadset,
      linkedAccountsApi.metaUnlink,
    ]) {
      const res = await callUnchecked(t, e, e.method === 'PUT' ? { body } : {});
      expectProblem(res, 401);
    }
  });
});

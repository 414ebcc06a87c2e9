import { type LinkUpdate, type SamlConfig, ssoMessages } from '@roomscale/shared';
import { authApi, linkedAccountsApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userLogins } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser, expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildSamlResponse, type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';
import {
  configureSso,
  postResponse,
  requestIdOf,
  responseFor,
  signInThroughIdp,
} from './testing.ts';

let t: TestApp;
let keys: IdpKeys;
let config: SamlConfig;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
  const w = await team(t, 'Adatum');
  teamId = w.id;
  config = await configureSso(t, w.id, w.admin, keys);
});
afterAll(() => t.close());

const linkStart = (p: Person, loginProviderId = config.loginProviderId) =>
  callEndpoint(t, linkedAccountsApi.samlLinkStart, {
    params: { loginProviderId },
    token: p.session,
  });
const update = (p: Person, body: LinkUpdate) =>
  callEndpoint(t, linkedAccountsApi.update, { token: p.session, body });
const logins = async (p: Person) =>
  (await callEndpoint(t, linkedAccountsApi.logins, { token: p.session })).body;

/** A member of the team with a password, signed in. */
async function member(opts: { firstName: string }): Promise<Person> {
  const user = await createUser(t, opts);
  await addMember(t, teamId, user.id, 'User');
  return { ...user, session: await signIn(t, user) };
}

/** The caller proves `nameId` at the IdP: where the browser comes back to. */
async function proveAtIdp(p: Person, nameId: string) {
  const res = await linkStart(p);
  expect(res.status, res.raw.body).toBe(200);
  const requestId = requestIdOf(res.body.url);
  const response = buildSamlResponse(responseFor(config, keys, requestId, nameId));
  return postResponse(t, config.consumerUrl, response);
}

describe('linking a team single sign-on from the profile', () => {
  it('links after the identity provider proves the account, then signs in with it', async () => {
    const bo = await member({ firstName: 'Bo' });
    const back = await proveAtIdp(bo, 'Bo.Idp@Adatum.test');
    expect(back.pathname).toBe('/profile');
    expect(back.searchParams.get('linkProvider')).toBe(config.loginProviderId);
    const linkToken = back.searchParams.get('linkToken')!;

    const res = await update(bo, { add: true, loginProviderId: config.loginProviderId, linkToken });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual([
      {
        loginProviderId: config.loginProviderId,
        displayName: 'Adatum',
        userKey: 'bo.idp@adatum.test',
      },
    ]);
    expect(await logins(bo)).toEqual(res.body);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login.link'), eq(auditLog.targetUserId, bo.id)));
    expect(entry?.organizationId).toBe(teamId);

    // The proof works once.
    const again = await update(bo, {
      add: true,
      loginProviderId: config.loginProviderId,
      linkToken,
    });
    expectProblem(again, 400, 'linkToken', ssoMessages.linkProofMissing);
  });

  it("does not let one person's proof link to another person's account", async () => {
    const eve = await member({ firstName: 'Eve' });
    const victim = await member({ firstName: 'Vic' });
    const back = await proveAtIdp(eve, 'eve@adatum.test');
    const linkToken = back.searchParams.get('linkToken')!;
    const res = await update(victim, {
      add: true,
      loginProviderId: config.loginProviderId,
      linkToken,
    });
    expectProblem(res, 400, 'linkToken');
    expect(await logins(victim)).toEqual([]);
  });

  it('needs a proof, a team of the caller and an identity account nobody else has', async () => {
    const cy = await member({ firstName: 'Cy' });
    expectProblem(
      await update(cy, { add: true, loginProviderId: config.loginProviderId }),
      400,
      'linkToken',
    );
    const outsider = await person(t);
    expectProblem(await linkStart(outsider), 403, undefined, ssoMessages.providerNotYours);
    expectProblem(await linkStart(cy, 'saml-unknown'), 403);

    const first = await member({ firstName: 'Di' });
    const token1 = (await proveAtIdp(first, 'shared@adatum.test')).searchParams.get('linkToken')!;
    expect(
      (
        await update(first, {
          add: true,
          loginProviderId: config.loginProviderId,
          linkToken: token1,
        })
      ).status,
    ).toBe(200);
    const token2 = (await proveAtIdp(cy, 'shared@adatum.test')).searchParams.get('linkToken')!;
    const taken = await update(cy, {
      add: true,
      loginProviderId: config.loginProviderId,
      linkToken: token2,
    });
    expectProblem(taken, 409, undefined, ssoMessages.loginTakenByOther);

    const token3 = (await proveAtIdp(first, 'second@adatum.test')).searchParams.get('linkToken')!;
    const twice = await update(first, {
      add: true,
      loginProviderId: config.loginProviderId,
      linkToken: token3,
    });
    expectProblem(twice, 409, undefined, ssoMessages.alreadyLinked);
  });

  it('a failed proof lands back on the profile', async () => {
    const fay = await member({ firstName: 'Fay' });
    const res = await linkStart(fay);
    const requestId = requestIdOf(res.body.url);
    const forged = buildSamlResponse({
      ...responseFor(config, keys, requestId, 'fay@adatum.test'),
      keys: await makeIdpKeys({ commonName: 'forger' }),
    });
    const back = await postResponse(t, config.consumerUrl, forged);
    expect(`${back.pathname}${back.search}`).toBe('/profile?linkError=sso');
  });

  it('unlinks, but never the last way to log in', async () => {
    const gil = await member({ firstName: 'Gil' });
    const token = (await proveAtIdp(gil, 'gil@adatum.test')).searchParams.get('linkToken')!;
    await update(gil, { add: true, loginProviderId: config.loginProviderId, linkToken: token });
    const res = await update(gil, { add: false, loginProviderId: config.loginProviderId });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual([]);
    expectProblem(
      await update(gil, { add: false, loginProviderId: config.loginProviderId }),
      409,
      undefined,
      ssoMessages.notLinked,
    );

    // An account with single sign-on only keeps it.
    const ssoOnly = await createUser(t, { password: null });
    await addMember(t, teamId, ssoOnly.id, 'User');
    await t.ctx.db.insert(userLogins).values({
      userId: ssoOnly.id,
      loginProviderId: config.loginProviderId,
      providerKey: ssoOnly.email,
      displayName: 'Adatum',
    });
    const login = await signInThroughIdp(t, config, keys, ssoOnly.email);
    const tokens = await callEndpoint(t, authApi.token, {
      body: {
        grant_type: 'sso_redirect',
        username: ssoOnly.id,
        identity_provider: config.loginProviderId,
        access_token: login.searchParams.get('t')!,
      },
    });
    expect(tokens.status, tokens.raw.body).toBe(200);
    const ssoPerson = { ...ssoOnly, session: tokens.body };
    expectProblem(
      await update(ssoPerson, { add: false, loginProviderId: config.loginProviderId }),
      409,
      undefined,
      ssoMessages.lastLogin,
    );
    expect(await logins(ssoPerson)).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    expectProblem(await callEndpoint(t, linkedAccountsApi.logins), 401);
    expectProblem(
      await callEndpoint(t, linkedAccountsApi.update, {
        body: { add: false, loginProviderId: 'x' },
      }),
      401,
    );
  });
});

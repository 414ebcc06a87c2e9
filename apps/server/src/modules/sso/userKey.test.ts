import type { SamlConfig } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  buildSamlResponse,
  type IdpKeys,
  makeIdpKeys,
  type SamlResponseOptions,
} from '../../test/samlIdp.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { configureSso, linkSsoLogins, postResponse, responseFor, startSignIn } from './testing.ts';

/*
 * The user key a response is matched by (docs/sso.md "The user key").
 */

let t: TestApp;
let keys: IdpKeys;
let config: SamlConfig;
let ssoUser: Person;
let attacker: Person;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
  const w = await team(t, 'Fabrikam');
  config = await configureSso(t, w.id, w.admin, keys);
  ssoUser = await person(t, { firstName: 'Sid' });
  attacker = await person(t, { firstName: 'Mallory' });
  await linkSsoLogins(t, config, 'Fabrikam', [ssoUser, attacker]);
});
afterAll(() => t.close());

describe('the user key', () => {
  const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
  const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
  const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
  const userOf = async (nameId: string, more: Partial<SamlResponseOptions>) => {
    const requestId = await startSignIn(t, config);
    const to = await postResponse(
      t,
      config.consumerUrl,
      buildSamlResponse(responseFor(config, keys, requestId, nameId, more)),
    );
    return to.pathname === '/sso/token' ? to.searchParams.get('u') : null;
  };

  it('is the NameID when it is an address, in the emailAddress or unspecified format', async () => {
    expect(await userOf(ssoUser.email, { attributes: {} })).toBe(ssoUser.id);
    expect(
      await userOf(` ${ssoUser.email.toUpperCase()} `, {
        nameIdFormat: UNSPECIFIED,
        attributes: {},
      }),
    ).toBe(ssoUser.id);
    // The NameID wins over the attributes.
    expect(await userOf(ssoUser.email, { attributes: { email: attacker.email } })).toBe(ssoUser.id);
  });

  it('is not a NameID of another format, even one that looks like an address', async () => {
    expect(await userOf(ssoUser.email, { nameIdFormat: PERSISTENT, attributes: {} })).toBeNull();
    expect(
      await userOf(ssoUser.email, {
        nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName',
        attributes: {},
      }),
    ).toBeNull();
  });

  it.each([
    'email',
    'mail',
    `${CLAIMS}/emailaddress`,
    'urn:oid:0.9.2342.19200300.100.1.3',
    `${CLAIMS}/upn`,
  ])('is the attribute %s when the NameID is not an address', async (name) => {
    expect(
      await userOf('f3a9c1e2-opaque', {
        nameIdFormat: PERSISTENT,
        attributes: { [name]: ssoUser.email },
      }),
    ).toBe(ssoUser.id);
    // An unspecified NameID that is no address falls back to the attributes too.
    expect(
      await userOf('sid', { nameIdFormat: UNSPECIFIED, attributes: { [name]: ssoUser.email } }),
    ).toBe(ssoUser.id);
  });

  it("signs in Entra ID's usual subject: a persistent NameID, the address in the emailaddress claim", async () => {
    const to = await userOf('AAAAAAAAAAAAAAAAAAAAAK5sZ3Jw1bN8e1XoQm0rY2s', {
      nameIdFormat: PERSISTENT,
      attributes: {
        'http://schemas.microsoft.com/identity/claims/tenantid':
          '72f988bf-86f1-41af-91ab-2d7cd011db47',
        'http://schemas.microsoft.com/identity/claims/objectidentifier':
          'a4c9c1e2-0b7d-4f7e-9f25-3d2f6c1b9e11',
        'http://schemas.microsoft.com/identity/claims/displayname': 'Sid',
        [`${CLAIMS}/givenname`]: 'Sid',
        [`${CLAIMS}/emailaddress`]: ssoUser.email,
        [`${CLAIMS}/name`]: ssoUser.email,
      },
    });
    expect(to).toBe(ssoUser.id);
  });

  it('takes the first attribute of the list that holds an address, its first address value', async () => {
    // emailaddress comes before upn, whatever their order in the assertion.
    expect(
      await userOf('opaque', {
        nameIdFormat: PERSISTENT,
        attributes: {
          [`${CLAIMS}/upn`]: attacker.email,
          [`${CLAIMS}/emailaddress`]: ssoUser.email,
        },
      }),
    ).toBe(ssoUser.id);
    // An attribute without an address is passed over; the first address of several values wins.
    expect(
      await userOf('opaque', {
        nameIdFormat: PERSISTENT,
        attributes: { email: 'not an address', mail: ['Sid', ssoUser.email, attacker.email] },
      }),
    ).toBe(ssoUser.id);
    // Names are compared without case.
    expect(
      await userOf('opaque', { nameIdFormat: PERSISTENT, attributes: { Email: ssoUser.email } }),
    ).toBe(ssoUser.id);
  });

  it('signs in nobody without an address in the NameID or those attributes', async () => {
    expect(
      await userOf('opaque', {
        nameIdFormat: PERSISTENT,
        attributes: { emailAddress2: ssoUser.email, [`${CLAIMS}/name`]: ssoUser.email },
      }),
    ).toBeNull();
  });
});

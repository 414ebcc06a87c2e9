import { inflateRawSync } from 'node:zlib';
import type { SamlConfig } from '@roomscale/shared';
import { ssoApi } from '@roomscale/shared/contract';
import { expect } from 'vitest';
import { userLogins } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import type { TestApp } from '../../test/harness.ts';
import { buildSamlResponse, type IdpKeys, type SamlResponseOptions } from '../../test/samlIdp.ts';
import type { Person } from '../../test/workspace.ts';

/** The test identity provider's entity id and sign-in address as a team admin enters them. */
export const IDP = { entityId: 'https://idp.test/metadata', loginUrl: 'https://idp.test/sso' };

/** A team admin saves the team's SAML settings; returns what the tab shows. */
export async function configureSso(
  t: TestApp,
  organizationId: string,
  admin: Person,
  keys: IdpKeys,
): Promise<SamlConfig> {
  const res = await callEndpoint(t, ssoApi.saveConfig, {
    params: { organizationId },
    token: admin.session,
    body: { identityLabel: IDP.entityId, loginUrl: IDP.loginUrl, certificate: keys.certificatePem },
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

/** The AuthnRequest id carried by a redirect to the identity provider (HTTP-Redirect binding). */
export function requestIdOf(idpUrl: string): string {
  const request = new URL(idpUrl).searchParams.get('SAMLRequest');
  expect(request).toBeTruthy();
  const xml = inflateRawSync(Buffer.from(request!, 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** Starts a sign-in at /saml/{id} as the login page's button does; returns the request id. */
export async function startSignIn(t: TestApp, config: SamlConfig): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: new URL(config.ssoUrl).pathname });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith(`${IDP.loginUrl}?`)).toBe(true);
  return requestIdOf(location);
}

/** A genuine response of the identity provider to `inResponseTo`, for `nameId`. */
export function responseFor(
  config: SamlConfig,
  keys: IdpKeys,
  inResponseTo: string,
  nameId: string,
  more: Partial<SamlResponseOptions> = {},
): SamlResponseOptions {
  return {
    keys,
    issuer: IDP.entityId,
    destination: config.consumerUrl,
    audience: config.appIdUri,
    inResponseTo,
    nameId,
    ...more,
  };
}

/** Posts a SAMLResponse to a consumer URL as the IdP's auto-submitting form does. */
export async function postResponse(t: TestApp, consumerUrl: string, samlResponse: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(consumerUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(String(res.headers.location), 'http://roomscale.test');
}

/** The whole round trip for a genuine response: where the browser lands. */
export async function signInThroughIdp(
  t: TestApp,
  config: SamlConfig,
  keys: IdpKeys,
  nameId: string,
) {
  const requestId = await startSignIn(t, config);
  return postResponse(
    t,
    config.consumerUrl,
    buildSamlResponse(responseFor(config, keys, requestId, nameId)),
  );
}

/**
 * Links each person's account to the team's identity provider by their address, as a completed
 * link leaves it (`displayName`: the login's label, the team's name).
 */
export async function linkSsoLogins(
  t: TestApp,
  config: SamlConfig,
  displayName: string,
  people: Person[],
) {
  for (const p of people) {
    await t.ctx.db.insert(userLogins).values({
      userId: p.id,
      loginProviderId: config.loginProviderId,
      providerKey: p.email,
      displayName,
    });
  }
}

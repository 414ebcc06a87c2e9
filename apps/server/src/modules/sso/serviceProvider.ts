import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { security } from '@roomscale/shared';
import type { Config } from '../../config.ts';
import type { samlProviders } from '../../db/schema.ts';
import { spAddresses } from './addresses.ts';

export type Provider = typeof samlProviders.$inferSelect;

/**
 * The certificates a response of the provider may be signed with: the current one and, while
 * the identity provider rolls over, the next one (docs/sso.md "Certificate rollover").
 */
export const certificatesOf = (provider: Provider): string[] =>
  provider.nextCertificate
    ? [provider.certificate, provider.nextCertificate]
    : [provider.certificate];

/**
 * node-saml for one team's provider: the response's one assertion must be covered by a valid
 * signature of the team's certificate (never one from the message's KeyInfo) — the Assertion's
 * own or the Response's — and only the bytes that signature covers are read; for our entity id
 * as audience, answering a request we sent. Neither signature is required on its own, since
 * identity providers sign either or both (docs/sso.md); `checkResponse` (responseChecks.ts) then
 * holds every signature present to the team's certificate and the algorithm allow-list. The request store is ours
 * (requests.ts): node-saml only reads it; consuming a request is one atomic delete after the
 * checks, so a response is accepted once even when posted twice at the same moment.
 */
export function serviceProvider(config: Config, provider: Provider, requests: CacheProvider) {
  const sp = spAddresses(config, provider.id);
  return new SAML({
    callbackUrl: sp.consumerUrl,
    entryPoint: provider.loginUrl,
    issuer: sp.appIdUri,
    audience: sp.appIdUri,
    idpCert: certificatesOf(provider),
    idpIssuer: provider.idpEntityId,
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: security.samlRequestSeconds * 1000,
    acceptedClockSkewMs: security.samlClockSkewSeconds * 1000,
    maxAssertionAgeMs: security.samlRequestSeconds * 1000,
    cacheProvider: requests,
  });
}

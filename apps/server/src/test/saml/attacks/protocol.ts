import {
  buildSamlResponse,
  buildSamlResponseXml,
  randomSamlId,
  resolveOptions,
  toSamlResponse,
} from '../response.ts';
import { descendants, NS, parseXml, serializeXml, signElement } from '../xml.ts';
import type { AttackOptions } from './shared.ts';

/*
 * Genuinely signed responses that are nonetheless wrong for this SP at this moment: meant for
 * another consumer URL, recipient, identity provider or SP, out of their time window, answering
 * no request (or another one), or a failure. Signatures prove who wrote a message, not that it
 * is meant for us now; these are the protocol checks around them. Each says whether node-saml
 * 5.1 checks it or the SP must check it itself.
 */

const MINUTE = 60_000;
const nowOf = (opts: AttackOptions) => (opts.now ?? new Date()).getTime();

/** Response@Destination is another SP's consumer URL. node-saml does NOT check it: the SP must. */
export const wrongDestination = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    recipient: opts.recipient ?? opts.destination,
    destination: 'https://another-sp.example/saml/acs',
  });

/** SubjectConfirmationData@Recipient is another SP's consumer URL. node-saml does NOT check it: the SP must. */
export const wrongRecipient = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, recipient: 'https://another-sp.example/saml/acs' });

/**
 * Issued (Response and Assertion Issuer) by another identity provider's entity id, signed with
 * the trusted key (one key shared by two IdP entities, or a multi-tenant IdP). node-saml does
 * NOT check a login response's Issuer (`idpIssuer` only applies to logout messages): the SP must.
 */
export const wrongIssuer = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, issuer: 'https://another-idp.example/metadata' });

/** For another SP (another team's entity id) as Audience. node-saml rejects it (`audience`). */
export const otherAudience = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    audience: opts.otherAudience ?? 'https://another-sp.example/saml/metadata',
  });

/** Its validity ended ten minutes ago (beyond any clock skew). node-saml rejects it. */
export function expired(opts: AttackOptions) {
  const now = nowOf(opts);
  return buildSamlResponse({
    ...opts,
    issueInstant: new Date(now - 15 * MINUTE),
    notBefore: new Date(now - 16 * MINUTE),
    notOnOrAfter: new Date(now - 10 * MINUTE),
  });
}

/** Valid only from ten minutes from now. node-saml rejects it. */
export function notYetValid(opts: AttackOptions) {
  const now = nowOf(opts);
  return buildSamlResponse({
    ...opts,
    notBefore: new Date(now + 10 * MINUTE),
    notOnOrAfter: new Date(now + 15 * MINUTE),
  });
}

/** Unsolicited (IdP-initiated): no InResponseTo at all. node-saml rejects it (validateInResponseTo 'always'). */
export const unsolicited = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, inResponseTo: undefined });

/** Answers a request the SP never sent (or already consumed). node-saml rejects it. */
export const unknownRequest = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, inResponseTo: randomSamlId() });

/**
 * Response@InResponseTo names the SP's request but the assertion's SubjectConfirmationData
 * answers another one (an assertion lifted from another exchange). node-saml rejects it.
 */
export function subjectAnswersOtherRequest(opts: AttackOptions) {
  const o = resolveOptions(opts);
  const doc = parseXml(buildSamlResponseXml({ ...o, signAssertion: false, signResponse: false }));
  for (const data of descendants(doc, NS.saml, 'SubjectConfirmationData'))
    data.setAttribute('InResponseTo', randomSamlId());
  const signer = {
    privateKeyPem: o.keys.privateKeyPem,
    keyInfoCertificatePem: o.keys.certificatePem,
  };
  const signed = signElement(
    signElement(serializeXml(doc), o.assertionId, signer),
    o.responseId,
    signer,
  );
  return toSamlResponse(signed);
}

/** A signed failure (Responder / AuthnFailed) with no assertion. node-saml rejects it (SamlStatusError). */
export const failureStatus = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    status: { code: 'Responder', subCode: 'AuthnFailed', message: 'Sign-in failed' },
  });

/**
 * AuthnStatement@SessionNotOnOrAfter already passed: the IdP says the session it vouches for is
 * over. node-saml ignores the attribute and accepts: an SP that honours it must check it itself
 * (or bound its own session by it).
 */
export const sessionAlreadyEnded = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, sessionNotOnOrAfter: new Date(nowOf(opts) - MINUTE) });

/**
 * A failure (Responder / AuthnFailed) that nonetheless carries a signed assertion for the user,
 * Response and Assertion signed. node-saml reads the status only of a response without an
 * assertion, so it accepts: the SP must check that the status is Success.
 */
export const failureStatusWithAssertion = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    status: { code: 'Responder', subCode: 'AuthnFailed', message: 'Sign-in failed' },
    assertionDespiteStatus: true,
  });

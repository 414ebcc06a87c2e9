import { buildSamlResponse } from '../response.ts';
import {
  type AttackOptions,
  evilNameIdOf,
  finish,
  genuine,
  impersonate,
  requireAttackerKeys,
} from './shared.ts';

/*
 * Missing, foreign and broken signatures. A strict SP (both the Response and its Assertion
 * signed by the team's pinned certificate) must refuse every one of them.
 */

/** Neither the Response nor the Assertion is signed, and the assertion names the evil user. */
export const unsigned = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    nameId: evilNameIdOf(opts),
    signAssertion: false,
    signResponse: false,
  });

/** The Response is signed, its Assertion is not (the SP wants both signed). */
export const assertionUnsigned = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, signAssertion: false, signResponse: true });

/** The Assertion is signed, the Response is not (the SP wants both signed). */
export const responseUnsigned = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, signAssertion: true, signResponse: false });

/**
 * Both signatures made by the attacker's key, with the attacker's certificate in KeyInfo: an SP
 * that takes the verification key from the message (KeyInfo) instead of the team's pinned
 * certificate accepts it. (The passport-saml/node-saml fixture "root resigned by attacker,
 * attacker's cert at KeyInfo"; the general XML-DSig key-trust mistake.)
 */
export const signedByUntrustedKey = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, nameId: evilNameIdOf(opts), keys: requireAttackerKeys(opts) });

/**
 * NOT an attack, a control for the one above: the signatures are genuinely the IdP's (made with
 * the trusted key) but KeyInfo carries the attacker's certificate. An SP that verifies with the
 * pinned certificate and ignores KeyInfo accepts it (node-saml 5.1 does); an SP that picked the
 * key from KeyInfo would refuse it — and would accept `signedByUntrustedKey`. Together the two
 * prove which certificate the SP really uses.
 */
export const keyInfoCertificateSwapped = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    keys: {
      privateKeyPem: opts.keys.privateKeyPem,
      certificatePem: requireAttackerKeys(opts).certificatePem,
    },
  });

/** Tampered after signing: the NameID (and email) of a response signed twice is changed. */
export function tamperedNameId(opts: AttackOptions) {
  const { doc, assertion } = genuine(opts, { assertion: true, response: true });
  impersonate(assertion, evilNameIdOf(opts));
  return finish(doc);
}

import { buildSamlResponse } from '../response.ts';
import { ALG } from '../xml.ts';
import {
  type AttackOptions,
  evilNameIdOf,
  finish,
  genuine,
  impersonate,
  requireAttackerKeys,
} from './shared.ts';

/*
 * Missing, foreign and broken signatures, which an SP must refuse, and the two genuine shapes
 * with one signature (`assertionUnsigned`, `responseUnsigned`): SAML lets the IdP sign the
 * Assertion, the Response or both, so an SP that accepts either signature as covering the one
 * assertion accepts those two, and one that requires both (node-saml's strictest) refuses them.
 */

/** Neither the Response nor the Assertion is signed, and the assertion names the evil user. */
export const unsigned = (opts: AttackOptions) =>
  buildSamlResponse({
    ...opts,
    nameId: evilNameIdOf(opts),
    signAssertion: false,
    signResponse: false,
  });

/** Response-only signed: the Response is signed, its Assertion is not (not an attack). */
export const assertionUnsigned = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, signAssertion: false, signResponse: true });

/** Assertion-only signed, the default of Entra ID, ADFS and Okta (not an attack). */
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

/**
 * Both signatures genuinely the IdP's, but RSA-SHA1 (with SHA-256 digests). SHA-1 is broken for
 * collisions; xml-crypto still verifies it, so node-saml accepts: the SP must refuse the
 * algorithm itself.
 */
export const sha1Signature = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, signatureAlgorithm: ALG.rsaSha1 });

/** Both signatures genuinely the IdP's, RSA-SHA256 over SHA-1 digests. node-saml accepts. */
export const sha1Digest = (opts: AttackOptions) =>
  buildSamlResponse({ ...opts, digestAlgorithm: ALG.sha1 });

/**
 * A real SAML 2.0 identity provider for tests — test support only: nothing in production code
 * imports this (or anything under ./saml/).
 *
 * Team single sign-on makes our server a SAML service provider, and what it must refuse matters
 * more than what it accepts. This gives its tests:
 * - keys: `makeIdpKeys()` — an RSA-2048 key and a self-signed certificate (also expired or not
 *   yet valid), made once per process;
 * - genuine responses: `buildSamlResponse(opts)` — the base64 SAMLResponse an IdP posts, the
 *   Assertion and the Response each signed (RSA-SHA256, exclusive c14n, enveloped, after the
 *   Issuer), every value escaped by the XML serializer;
 * - the attack shapes a correct SP must refuse: `samlAttacks` (and each builder on its own) —
 *   missing and foreign signatures, tampering, signature wrapping XSW1–8, the 2022–2025
 *   node-saml / xml-crypto advisories, NameID comment truncation, and the protocol checks
 *   (destination, recipient, issuer, audience, time, InResponseTo, status). Each entry says
 *   whether node-saml 5.1 refuses it on its own or the SP must check it itself;
 * - an identity provider over HTTP: `startTestIdp()` — a sign-in page for the SP's
 *   AuthnRequests that posts signed responses back, for browser journeys and HTTP tests.
 *
 * samlIdp.test.ts proves all of it against node-saml at its strictest (both signatures required);
 * our SP accepts either signature and adds its own checks (docs/sso.md).
 */
export {
  type AttackOptions,
  advisories,
  commentTruncationSignedNameId,
  DEFAULT_EVIL_NAME_ID,
  keyInfoCertificateSwapped,
  oneSignatureShapes,
  protocol,
  type SamlAttack,
  samlAttack,
  samlAttacks,
  signatures,
  wrapping,
} from './saml/attacks/index.ts';
export {
  type AuthnRequestInfo,
  startTestIdp,
  type TestIdp,
  type TestIdpOptions,
  type TestIdpSigning,
} from './saml/idp.ts';
export { type IdpKeyOptions, type IdpKeys, makeIdpKeys } from './saml/keys.ts';
export {
  buildSamlResponse,
  buildSamlResponseXml,
  fromSamlResponse,
  NAMEID_EMAIL,
  randomSamlId,
  type SamlResponseOptions,
  type SamlStatus,
} from './saml/response.ts';

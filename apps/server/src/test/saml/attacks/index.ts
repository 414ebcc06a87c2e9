import * as advisories from './advisories.ts';
import * as protocol from './protocol.ts';
import type { AttackOptions } from './shared.ts';
import * as signatures from './signatures.ts';
import * as wrapping from './wrapping.ts';

export { commentTruncationSignedNameId } from './advisories.ts';
export { type AttackOptions, DEFAULT_EVIL_NAME_ID } from './shared.ts';
export { keyInfoCertificateSwapped } from './signatures.ts';

export type SamlAttack = {
  name: string;
  /** Which signature the shape goes after, for tests that prove each check on its own:
   * XSW on the Response needs an SP requiring only the Response signature to show anything. */
  targets?: 'response' | 'assertion' | 'both';
  /**
   * What node-saml 5.1 as a strict SP (both signatures, pinned certificate, audience,
   * InResponseTo 'always') does with it: 'rejects', or 'accepts' — then `spMustCheck` says
   * what the SP has to check, or read, itself.
   */
  nodeSaml: 'rejects' | 'accepts';
  spMustCheck?: string;
  build(opts: AttackOptions): string;
};

const entry = (
  name: string,
  build: (opts: AttackOptions) => string,
  more: Partial<Omit<SamlAttack, 'name' | 'build'>> = {},
): SamlAttack => ({ name, build, nodeSaml: 'rejects', ...more });

/**
 * Every shape, for `it.each` in an SP's tests: each builds a base64 SAMLResponse from the same
 * options as a genuine one (`attackerKeys` needed by `signedByUntrustedKey`). See each builder
 * for the shape and its source. A correct SP refuses each one, except that for
 * `nameIdCommentTruncation` it may instead accept with the whole, untruncated NameID.
 */
export const samlAttacks: readonly SamlAttack[] = [
  entry('unsigned', signatures.unsigned, { targets: 'both' }),
  entry('signedByUntrustedKey', signatures.signedByUntrustedKey, { targets: 'both' }),
  entry('tamperedNameId', signatures.tamperedNameId, { targets: 'both' }),
  entry('sha1Signature', signatures.sha1Signature, {
    nodeSaml: 'accepts',
    spMustCheck: 'the signature algorithm is on an allow-list (RSA-SHA256 or stronger)',
  }),
  entry('sha1Digest', signatures.sha1Digest, {
    nodeSaml: 'accepts',
    spMustCheck: 'the digest algorithm is on an allow-list (SHA-256 or stronger)',
  }),

  entry('xsw1', wrapping.xsw1, { targets: 'response' }),
  entry('xsw2', wrapping.xsw2, { targets: 'response' }),
  entry('xsw3', wrapping.xsw3, { targets: 'assertion' }),
  entry('xsw4', wrapping.xsw4, { targets: 'assertion' }),
  entry('xsw5', wrapping.xsw5, { targets: 'assertion' }),
  entry('xsw6', wrapping.xsw6, { targets: 'assertion' }),
  entry('xsw7', wrapping.xsw7, { targets: 'assertion' }),
  entry('xsw8', wrapping.xsw8, { targets: 'assertion' }),
  entry('responseSignedAssertionSwapped', wrapping.responseSignedAssertionSwapped, {
    targets: 'response',
  }),
  entry('responseSignedSecondAssertion', wrapping.responseSignedSecondAssertion, {
    targets: 'response',
  }),
  entry('assertionInResponseSignature', wrapping.assertionInResponseSignature, {
    targets: 'response',
  }),
  entry('signedResponseInsideWrapper', wrapping.signedResponseInsideWrapper, {
    targets: 'response',
  }),
  entry('responseSignedByUntrustedKey', wrapping.responseSignedByUntrustedKey, {
    targets: 'assertion',
  }),

  entry('digestValueComment', advisories.digestValueComment, { targets: 'both' }),
  entry('multipleSignedInfo', advisories.multipleSignedInfo, { targets: 'assertion' }),
  entry('wrappedSignedInfo', advisories.wrappedSignedInfo, { targets: 'assertion' }),
  entry('signedAssertionElsewhere', advisories.signedAssertionElsewhere, { targets: 'assertion' }),
  entry('referenceToOtherElement', advisories.referenceToOtherElement, { targets: 'assertion' }),
  entry('multipleRootElements', advisories.multipleRootElements, { targets: 'response' }),
  entry('emptyUriReference', advisories.emptyUriReference, { targets: 'response' }),
  entry('nameIdCommentTruncation', advisories.nameIdCommentTruncation, {
    nodeSaml: 'accepts',
    spMustCheck:
      'use the NameID node-saml returns (the whole text of the verified, canonical assertion); never re-read it from the raw XML with a first-text-node reader',
  }),

  entry('wrongDestination', protocol.wrongDestination, {
    nodeSaml: 'accepts',
    spMustCheck: 'Response@Destination is our consumer URL',
  }),
  entry('wrongRecipient', protocol.wrongRecipient, {
    nodeSaml: 'accepts',
    spMustCheck: 'every bearer SubjectConfirmationData@Recipient is our consumer URL',
  }),
  entry('wrongIssuer', protocol.wrongIssuer, {
    nodeSaml: 'accepts',
    spMustCheck: "the assertion's Issuer is the team's IdP entity id",
  }),
  entry('otherAudience', protocol.otherAudience),
  entry('expired', protocol.expired),
  entry('notYetValid', protocol.notYetValid),
  entry('unsolicited', protocol.unsolicited),
  entry('unknownRequest', protocol.unknownRequest),
  entry('subjectAnswersOtherRequest', protocol.subjectAnswersOtherRequest),
  entry('failureStatus', protocol.failureStatus),
  entry('failureStatusWithAssertion', protocol.failureStatusWithAssertion, {
    nodeSaml: 'accepts',
    spMustCheck: 'the Response status is Success: node-saml reads it only without an assertion',
  }),
  entry('sessionAlreadyEnded', protocol.sessionAlreadyEnded, {
    nodeSaml: 'accepts',
    spMustCheck: 'AuthnStatement@SessionNotOnOrAfter, if honoured: node-saml ignores it',
  }),
];

/**
 * Genuine responses with one signature, as identity providers send them by default (Entra ID,
 * ADFS and Okta sign the assertion only): not attacks. An SP that requires both signatures
 * refuses them; one that accepts either signature covering the one assertion signs them in.
 */
export const oneSignatureShapes = {
  assertionOnly: signatures.responseUnsigned,
  responseOnly: signatures.assertionUnsigned,
} as const;

export const samlAttack = (name: string): SamlAttack => {
  const found = samlAttacks.find((a) => a.name === name);
  if (!found) throw new Error(`no SAML attack named ${name}`);
  return found;
};

export { advisories, protocol, signatures, wrapping };

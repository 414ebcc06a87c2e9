import { createRequire } from 'node:module';
import { SignedXml } from 'xml-crypto';

/**
 * The checks on the Response around its assertion that node-saml does not make
 * (docs/sso.md "What a response must be"): its status, its Destination, and the signatures
 * that cover the assertion — each one present valid, by the team's certificate, with
 * algorithms on our allow-list.
 *
 * node-saml (with neither signature required on its own, serviceProvider.ts) already refuses a
 * response unless its one assertion is covered by a valid signature of the team's certificate,
 * the Assertion's own or the Response's, and processes only the bytes that signature covers.
 * node-saml's xml-crypto takes any algorithm it knows, SHA-1 too; here every signature of the
 * Response and of its Assertion is verified again by an xml-crypto that knows only the allowed
 * algorithms, so the one node-saml relied on is among them.
 */

export const NS = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

export const STATUS_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** Signature algorithms we accept: RSA with SHA-256 or stronger, ECDSA with SHA-256 or stronger. */
export const ALLOWED_SIGNATURE_ALGORITHMS: readonly string[] = [
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  'http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512',
];

/** Digest algorithms we accept: SHA-256 or stronger. */
export const ALLOWED_DIGEST_ALGORITHMS: readonly string[] = [
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512',
];

// xmldom is described by the few members used here: its type declarations pull TypeScript's
// whole `dom` lib into the server's program (see test/saml/xml.ts).
interface XElement {
  readonly nodeType: number;
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly childNodes: ArrayLike<XElement>;
  getAttribute(name: string): string | null;
}
interface XDocument {
  readonly documentElement: XElement | null;
  getElementsByTagName(name: string): ArrayLike<XElement>;
}
type Xmldom = {
  DOMParser: new (options?: {
    errorHandler?: (level: 'warning' | 'error' | 'fatalError', message: string) => void;
  }) => { parseFromString(xml: string, mimeType: string): XDocument };
};
const xmldom = createRequire(import.meta.url)('@xmldom/xmldom') as Xmldom;

const ELEMENT_NODE = 1;
const childElements = (parent: XElement, ns: string, localName: string) =>
  Array.from(parent.childNodes).filter(
    (c) => c.nodeType === ELEMENT_NODE && c.namespaceURI === ns && c.localName === localName,
  );

/** What a signature of the message is made with, for the log and the allow-list. */
function algorithmsOf(signature: XElement) {
  const [signedInfo, ...more] = childElements(signature, NS.ds, 'SignedInfo');
  if (!signedInfo || more.length > 0) throw new Error('signature without exactly one SignedInfo');
  const methods = childElements(signedInfo, NS.ds, 'SignatureMethod');
  const digests = childElements(signedInfo, NS.ds, 'Reference').flatMap((r) =>
    childElements(r, NS.ds, 'DigestMethod'),
  );
  return {
    signature: methods.map((m) => m.getAttribute('Algorithm') ?? ''),
    digest: digests.map((d) => d.getAttribute('Algorithm') ?? ''),
  };
}

/**
 * Whether `signature`, the enveloped signature of `element`, is valid for `certificatePem`,
 * verified by an xml-crypto that knows only the allowed algorithms, references exactly its own
 * element by an ID no other element carries, and never takes a key from the message.
 */
function verifies(
  xml: string,
  doc: XDocument,
  element: XElement,
  signature: XElement,
  pem: string,
) {
  const verifier = new SignedXml({ publicCert: pem });
  verifier.getCertFromKeyInfo = () => null;
  const allowed = <T>(table: Record<string, T>, list: readonly string[]) =>
    Object.fromEntries(Object.entries(table).filter(([uri]) => list.includes(uri)));
  verifier.SignatureAlgorithms = allowed(
    verifier.SignatureAlgorithms,
    ALLOWED_SIGNATURE_ALGORITHMS,
  );
  verifier.HashAlgorithms = allowed(verifier.HashAlgorithms, ALLOWED_DIGEST_ALGORITHMS);
  verifier.loadSignature(signature as never);
  const references = verifier.getReferences();
  const id = element.getAttribute('ID');
  if (!id || references.length !== 1 || references[0]!.uri !== `#${id}`) return false;
  const sameId = Array.from(doc.getElementsByTagName('*')).filter((e) =>
    ['ID', 'Id', 'id'].some((name) => e.getAttribute(name) === id),
  );
  if (sameId.length !== 1) return false;
  try {
    return verifier.checkSignature(xml) && verifier.getSignedReferences().length === 1;
  } catch {
    return false;
  }
}

/**
 * The Response's status is Success, its Destination (required when it is signed) is our
 * consumer URL, it holds exactly one
 * assertion, and each signature of the Response and of that Assertion is valid (the team's
 * certificate, allowed algorithms); at least one of them is there. Throws the reason otherwise.
 * Run after node-saml accepted the response: node-saml decides which signed bytes are processed.
 */
export function checkResponse(
  samlResponse: string,
  expect: { certificatePem: string | readonly string[]; consumerUrl: string },
) {
  // As node-saml (and xml-crypto's verification) read it: newlines normalised first.
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8').replace(/\r\n?/g, '\n');
  const doc = new xmldom.DOMParser({
    errorHandler: (level, message) => {
      if (level !== 'warning') throw new Error(`invalid XML: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  const response = doc.documentElement;
  if (!response || response.namespaceURI !== NS.samlp || response.localName !== 'Response') {
    throw new Error('not a SAML Response');
  }

  // node-saml reads the status only of a response without an assertion: a failure carrying a
  // signed assertion would otherwise sign someone in.
  const [status] = childElements(response, NS.samlp, 'Status');
  const [code] = status ? childElements(status, NS.samlp, 'StatusCode') : [];
  if (code?.getAttribute('Value') !== STATUS_SUCCESS) throw new Error('status is not Success');

  // A signed Response must name its Destination (SAML bindings §3.5.5.2); any Destination must
  // be ours. Without the Response's signature it is not the IdP's word: the signed assertion's
  // Recipient (checks.ts) is what binds it to us.
  const destination = response.getAttribute('Destination');
  const responseSigned = childElements(response, NS.ds, 'Signature').length > 0;
  if ((destination || responseSigned) && destination !== expect.consumerUrl) {
    throw new Error('destination is not our consumer URL');
  }

  // One assertion, the Response's child, and nothing else like it anywhere: no second Response
  // or Assertion (in extensions, a status detail, a signature's Object…) for any reader to take.
  const assertions = childElements(response, NS.saml, 'Assertion');
  const named = (localName: string) =>
    Array.from(doc.getElementsByTagName('*')).filter((e) => e.localName === localName).length;
  if (
    assertions.length !== 1 ||
    named('Assertion') !== 1 ||
    named('Response') !== 1 ||
    named('EncryptedAssertion') !== 0
  ) {
    throw new Error('not exactly one assertion (signature wrapping)');
  }
  let covered = false;
  for (const [what, element] of [
    ['response', response],
    ['assertion', assertions[0]!],
  ] as const) {
    const signatures = childElements(element, NS.ds, 'Signature');
    if (signatures.length === 0) continue;
    if (signatures.length > 1) throw new Error(`more than one ${what} signature`);
    const algorithms = algorithmsOf(signatures[0]!);
    if (
      algorithms.signature.length !== 1 ||
      !algorithms.signature.every((a) => ALLOWED_SIGNATURE_ALGORITHMS.includes(a)) ||
      algorithms.digest.length === 0 ||
      !algorithms.digest.every((a) => ALLOWED_DIGEST_ALGORITHMS.includes(a))
    ) {
      throw new Error(
        `${what} signature algorithm not allowed (${[...algorithms.signature, ...algorithms.digest].join(', ')})`,
      );
    }
    // The team's certificates: the current one and, while the IdP rolls over, the next one.
    const pems =
      typeof expect.certificatePem === 'string' ? [expect.certificatePem] : expect.certificatePem;
    if (!pems.some((pem) => verifies(xml, doc, element, signatures[0]!, pem))) {
      throw new Error(`${what} signature is not valid`);
    }
    covered = true;
  }
  if (!covered) throw new Error('assertion not signed');
}

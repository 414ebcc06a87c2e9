import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { ExclusiveCanonicalization, SignedXml } from 'xml-crypto';

/**
 * The XML plumbing of the test identity provider: a DOM (xmldom, the parser node-saml and
 * xml-crypto use), building elements with escaping done by the serializer, XML-DSig signing
 * with xml-crypto, and a digest function for the attacks that forge a DigestValue.
 *
 * xmldom is loaded with `require` and described by the few DOM members used here, because its
 * type declarations pull TypeScript's whole `dom` lib into the server's program, which changes
 * the types of server code (fetch bodies, timers) that has nothing to do with SAML.
 */

export const NS = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  xmlns: 'http://www.w3.org/2000/xmlns/',
} as const;

export const ALG = {
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  rsaSha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  rsaSha512: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

export interface XNode {
  readonly nodeType: number;
  readonly parentNode: XNode | null;
  readonly firstChild: XNode | null;
  readonly nextSibling: XNode | null;
  readonly childNodes: ArrayLike<XNode>;
  readonly textContent: string | null;
  readonly ownerDocument: XDocument;
  cloneNode(deep: boolean): XNode;
  appendChild(node: XNode): XNode;
  insertBefore(node: XNode, before: XNode | null): XNode;
  removeChild(node: XNode): XNode;
  replaceChild(node: XNode, old: XNode): XNode;
}
export interface XElement extends XNode {
  readonly namespaceURI: string | null;
  readonly localName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  setAttributeNS(ns: string, qualifiedName: string, value: string): void;
  getElementsByTagNameNS(ns: string, localName: string): ArrayLike<XElement>;
}
export interface XDocument extends XNode {
  readonly documentElement: XElement | null;
  createElementNS(ns: string, qualifiedName: string): XElement;
  createTextNode(data: string): XNode;
  createComment(data: string): XNode;
  getElementsByTagNameNS(ns: string, localName: string): ArrayLike<XElement>;
}
type Xmldom = {
  DOMParser: new (options?: {
    errorHandler?: (level: 'warning' | 'error' | 'fatalError', message: string) => void;
  }) => { parseFromString(xml: string, mimeType: string): XDocument };
  XMLSerializer: new () => { serializeToString(node: XNode): string };
  DOMImplementation: new () => {
    createDocument(ns: string, qname: string, doctype: null): XDocument;
  };
};
const xmldom = createRequire(import.meta.url)('@xmldom/xmldom') as Xmldom;

const ELEMENT_NODE = 1;

/** Parses XML, throwing on any well-formedness error (as node-saml does). */
export function parseXml(xml: string): XDocument {
  const doc = new xmldom.DOMParser({
    errorHandler: (level, message) => {
      if (level !== 'warning') throw new Error(`invalid XML: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  if (!doc.documentElement) throw new Error('invalid XML: no root element');
  return doc;
}

export const serializeXml = (node: XNode) => new xmldom.XMLSerializer().serializeToString(node);

/** A new document whose root is `root` (in namespace `ns`); the caller fills it in. */
export const newDocument = (ns: string, root: string) =>
  new xmldom.DOMImplementation().createDocument(ns, root, null);

export type Child = XNode | string | null | undefined | false;

/**
 * An element `qname` in namespace `ns`, with the attributes that are not undefined and the
 * children that are not empty; strings become text nodes. Values are never spliced into markup:
 * the serializer escapes them.
 */
export function el(
  doc: XDocument,
  ns: string,
  qname: string,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): XElement {
  const e = doc.createElementNS(ns, qname);
  for (const [name, value] of Object.entries(attrs))
    if (value !== undefined) e.setAttribute(name, value);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' ? doc.createTextNode(c) : c);
  }
  return e;
}

export const isElement = (n: XNode | null | undefined): n is XElement =>
  n?.nodeType === ELEMENT_NODE;

export function childElements(parent: XNode): XElement[] {
  return Array.from(parent.childNodes).filter(isElement);
}

/** The first child element of `parent` named `localName` in `ns`, or throws. */
export function child(parent: XNode, ns: string, localName: string): XElement {
  const found = childElements(parent).find(
    (c) => c.namespaceURI === ns && c.localName === localName,
  );
  if (!found) throw new Error(`no ${localName} child`);
  return found;
}

export function descendants(root: XElement | XDocument, ns: string, localName: string): XElement[] {
  return Array.from(root.getElementsByTagNameNS(ns, localName));
}

export function removeSignature(element: XElement): XElement | undefined {
  const signature = childElements(element).find(
    (c) => c.namespaceURI === NS.ds && c.localName === 'Signature',
  );
  if (signature) element.removeChild(signature);
  return signature;
}

export function setText(element: XElement, text: string) {
  while (element.firstChild) element.removeChild(element.firstChild);
  element.appendChild(element.ownerDocument.createTextNode(text));
}

export type SignOptions = {
  /** The key that signs. */
  privateKeyPem: string;
  /** The certificate put in KeyInfo/X509Data: the signer's own unless an attack swaps it. */
  keyInfoCertificatePem: string;
  /** Sign the whole document with Reference URI="" instead of URI="#id" (an attack shape). */
  emptyUri?: boolean;
  /** SignatureMethod; default RSA-SHA256 (ALG.rsaSha256). */
  signatureAlgorithm?: string;
  /** DigestMethod; default SHA-256 (ALG.sha256). */
  digestAlgorithm?: string;
};

/**
 * Signs the element whose ID is `id` with an enveloped signature placed right after its Issuer,
 * as SAML requires: RSA-SHA256, exclusive c14n, SHA-256 digest (unless the options say other
 * algorithms), the certificate in KeyInfo.
 */
export function signElement(xml: string, id: string, options: SignOptions): string {
  const target = `//*[@ID='${id}']`;
  const sig = new SignedXml({
    privateKey: options.privateKeyPem,
    publicCert: options.keyInfoCertificatePem,
    signatureAlgorithm: options.signatureAlgorithm ?? ALG.rsaSha256,
    canonicalizationAlgorithm: ALG.excC14n,
  });
  sig.addReference({
    xpath: options.emptyUri ? '/*' : target,
    transforms: [ALG.enveloped, ALG.excC14n],
    digestAlgorithm: options.digestAlgorithm ?? ALG.sha256,
    isEmptyUri: options.emptyUri === true,
  });
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return sig.getSignedXml();
}

/**
 * The SHA-256 DigestValue an enveloped, exclusive-c14n reference to `element` would carry, as a
 * verifier computes it: without the element's own Signature child. For forging DigestValues.
 */
export function digestOf(element: XElement): string {
  const copy = element.cloneNode(true) as XElement;
  removeSignature(copy);
  const canonical = new ExclusiveCanonicalization().process(copy as never, {}).toString();
  return createHash('sha256').update(canonical).digest('base64');
}

/** The element whose ID attribute is `id`, or throws. */
export function byId(doc: XDocument, id: string): XElement {
  const all = doc.documentElement
    ? [doc.documentElement, ...allDescendants(doc.documentElement)]
    : [];
  const found = all.find((e) => e.getAttribute('ID') === id);
  if (!found) throw new Error(`no element with ID ${id}`);
  return found;
}

function allDescendants(root: XElement): XElement[] {
  return childElements(root).flatMap((c) => [c, ...allDescendants(c)]);
}

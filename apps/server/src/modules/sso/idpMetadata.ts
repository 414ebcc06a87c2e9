import { X509Certificate } from 'node:crypto';
import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import {
  type SamlMetadataImport,
  type SamlMetadataValues,
  security,
  ssoMessages,
} from '@roomscale/shared';
import { fieldError } from '../../platform/http/problem.ts';
import { walkXml } from './bound.ts';

const NS_MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const PROTOCOL_SAML2 = 'urn:oasis:names:tc:SAML:2.0:protocol';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

// xmldom is described by the few members used here (see responseChecks.ts).
interface XNode {
  readonly nodeType: number;
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly childNodes: ArrayLike<XNode>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}
type Xmldom = {
  DOMParser: new (options?: {
    errorHandler?: (level: 'warning' | 'error' | 'fatalError', message: string) => void;
  }) => { parseFromString(xml: string, mimeType: string): { documentElement: XNode | null } };
};
const xmldom = createRequire(import.meta.url)('@xmldom/xmldom') as Xmldom;

const ELEMENT_NODE = 1;
const children = (parent: XNode, ns: string, localName: string) =>
  Array.from(parent.childNodes).filter(
    (c) => c.nodeType === ELEMENT_NODE && c.namespaceURI === ns && c.localName === localName,
  );

/**
 * Reads an identity provider's federation metadata (docs/sso.md "Importing the identity
 * provider's metadata"): bounded first like a SAMLResponse (size, depth, element count, no
 * DOCTYPE), then parsed once. The EntityDescriptor (or the first in an EntitiesDescriptor) whose
 * IDPSSODescriptor supports SAML 2.0 gives its entityID, the Location of its HTTP-Redirect
 * SingleSignOnService and the certificates of its signing KeyDescriptors (use="signing" or no
 * use). Whatever else is there — Entra ID's RoleDescriptors and Signature, SPSSODescriptors,
 * Organization — is skipped. The metadata's own signature is not checked: the admin reviews the
 * values before saving, as if typed.
 */
export function readIdpMetadata(xml: string, field: 'xml' | 'url', now: Date): SamlMetadataValues {
  const limit = security.samlMetadata;
  if (Buffer.byteLength(xml, 'utf8') > limit.maxBytes) {
    throw fieldError(field, ssoMessages.metadataTooLarge);
  }
  const text = xml.replace(/^\uFEFF/, '');
  const walked = walkXml(text, limit);
  if (!walked.ok) {
    throw fieldError(
      field,
      walked.reason === 'tooLarge' ? ssoMessages.metadataTooLarge : ssoMessages.metadataUnreadable,
    );
  }
  let root: XNode | null;
  try {
    root = new xmldom.DOMParser({
      errorHandler: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml').documentElement;
  } catch {
    throw fieldError(field, ssoMessages.metadataUnreadable);
  }
  if (!root || root.namespaceURI !== NS_MD) throw fieldError(field, ssoMessages.metadataNoIdp);

  const entities =
    root.localName === 'EntityDescriptor'
      ? [root]
      : root.localName === 'EntitiesDescriptor'
        ? children(root, NS_MD, 'EntityDescriptor')
        : [];
  for (const entity of entities) {
    const idp = children(entity, NS_MD, 'IDPSSODescriptor').find((d) =>
      (d.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(PROTOCOL_SAML2),
    );
    if (!idp) continue;
    const entityId = (entity.getAttribute('entityID') ?? '').trim();
    const loginUrl = (
      children(idp, NS_MD, 'SingleSignOnService')
        .find((s) => s.getAttribute('Binding') === REDIRECT_BINDING)
        ?.getAttribute('Location') ?? ''
    ).trim();
    if (!loginUrl) throw fieldError(field, ssoMessages.metadataNoLoginUrl);
    const certificates = signingCertificates(idp, now);
    if (certificates.length === 0) throw fieldError(field, ssoMessages.metadataNoCertificate);
    return { entityId, loginUrl, certificates };
  }
  throw fieldError(field, ssoMessages.metadataNoIdp);
}

/**
 * The base64 certificates of the signing KeyDescriptors, each once, in the metadata's order with
 * the ones valid now first (an IdP rolling over publishes the next one beside the current one).
 */
function signingCertificates(idp: XNode, now: Date): SamlMetadataValues['certificates'] {
  const found: { certificate: string; validTo: string | null; validNow: boolean }[] = [];
  for (const key of children(idp, NS_MD, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const info of children(key, NS_DS, 'KeyInfo')) {
      for (const data of children(info, NS_DS, 'X509Data')) {
        for (const c of children(data, NS_DS, 'X509Certificate')) {
          const certificate = (c.textContent ?? '').replace(/\s+/g, '');
          if (!certificate || found.some((f) => f.certificate === certificate)) continue;
          let validTo: string | null = null;
          let validNow = false;
          try {
            const x509 = new X509Certificate(Buffer.from(certificate, 'base64'));
            const to = new Date(x509.validTo);
            validTo = to.toISOString();
            validNow = new Date(x509.validFrom) <= now && now < to;
          } catch {
            // Unreadable: still shown, and the save says why it cannot be taken.
          }
          found.push({ certificate, validTo, validNow });
        }
      }
    }
  }
  return [...found.filter((f) => f.validNow), ...found.filter((f) => !f.validNow)].map(
    ({ certificate, validTo }) => ({ certificate, validTo }),
  );
}

/**
 * Addresses a metadata fetch never connects to: loopback, private, carrier-grade NAT,
 * link-local (cloud metadata services), multicast, reserved and unspecified, in IPv4 and IPv6
 * (IPv4-mapped IPv6 addresses are checked as IPv4).
 */
const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether a metadata fetch may connect to `address` (an IP address). */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip) === 6 ? 'ipv6' : isIP(ip) === 4 ? 'ipv4' : null;
  if (!family) return false;
  if (allowLoopback && loopback.check(ip, family)) return true;
  return !notPublic.check(ip, family);
}

export type FetchOptions = {
  /**
   * Test only: loopback addresses may be fetched (the test identity provider listens on
   * 127.0.0.1). Set by the route only when NODE_ENV=test and ALLOW_PRIVATE_METADATA_URLS=true.
   */
  allowLoopback?: boolean;
};

class Refused extends Error {}

/**
 * Fetches metadata from an address once: http or https, GET, no redirects followed, the whole
 * exchange within `security.samlMetadata.fetchTimeoutMs`, at most `maxBytes` of body. The host
 * is resolved by the connection's own lookup, which refuses it when ANY of its addresses is not
 * public, so the address checked is the address connected to (no second resolution to rebind).
 */
export function fetchMetadata(url: string, options: FetchOptions = {}): Promise<string> {
  const limit = security.samlMetadata;
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
  if (!client) return Promise.reject(fieldError('url', ssoMessages.metadataUrlInvalid));
  const allowLoopback = options.allowLoopback === true;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host, allowLoopback)) {
    return Promise.reject(fieldError('url', ssoMessages.metadataUrlPrivate));
  }
  const checkedLookup: LookupFunction = (hostname, opts, callback) => {
    lookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      if (list.length === 0 || list.some((a) => !isPublicAddress(a.address, allowLoopback))) {
        return callback(new Refused('not a public address'), '', 0);
      }
      if ((opts as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      }
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(e);
    };
    const timer = setTimeout(
      () => fail(fieldError('url', ssoMessages.metadataUrlTimeout)),
      limit.fetchTimeoutMs,
    );
    const req = client.get(
      target,
      {
        lookup: checkedLookup,
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml, */*' },
        // No pooling: every fetch resolves and checks its host again.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return fail(fieldError('url', ssoMessages.metadataUrlRedirect));
        }
        if (status !== 200) {
          res.resume();
          return fail(fieldError('url', ssoMessages.metadataUrlUnreachable));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > limit.maxBytes) return fail(fieldError('url', ssoMessages.metadataTooLarge));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit.maxBytes) return fail(fieldError('url', ssoMessages.metadataTooLarge));
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
        res.on('error', () => fail(fieldError('url', ssoMessages.metadataUrlUnreachable)));
      },
    );
    req.on('error', (e) =>
      fail(
        fieldError(
          'url',
          e instanceof Refused
            ? ssoMessages.metadataUrlPrivate
            : ssoMessages.metadataUrlUnreachable,
        ),
      ),
    );
  });
}

/** Whether this process may fetch metadata from loopback addresses (tests only, docs/sso.md). */
export const allowLoopbackMetadata = () =>
  process.env.NODE_ENV === 'test' && process.env.ALLOW_PRIVATE_METADATA_URLS === 'true';

/** POST …/SamlConfig/Metadata: the values the metadata gives; nothing is saved. */
export async function importIdpMetadata(
  input: SamlMetadataImport,
  now: Date,
  options: FetchOptions = { allowLoopback: allowLoopbackMetadata() },
): Promise<SamlMetadataValues> {
  if (input.url !== undefined) {
    const xml = await fetchMetadata(input.url, options);
    return readIdpMetadata(xml, 'url', now);
  }
  return readIdpMetadata(input.xml ?? '', 'xml', now);
}

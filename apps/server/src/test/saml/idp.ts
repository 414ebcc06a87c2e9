import { randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'node:querystring';
import { inflateRawSync } from 'node:zlib';
import { type IdpKeys, makeIdpKeys } from './keys.ts';
import { errorPage, postBindingPage, signInPage } from './pages.ts';
import { buildSamlResponse, NAMEID_EMAIL } from './response.ts';
import { type Child, child, el, NS, newDocument, parseXml, serializeXml } from './xml.ts';

/** An AuthnRequest the identity provider received (HTTP-Redirect binding), as it read it. */
export type AuthnRequestInfo = {
  id: string;
  issuer: string;
  /** AssertionConsumerServiceURL: where the response is posted. */
  acsUrl: string;
  destination: string;
  relayState?: string;
  /** The query carried Signature and SigAlg (verified when `spCertificatePem` was given). */
  signed: boolean;
  xml: string;
};

export type TestIdpOptions = {
  /** The emails that may sign in; default anyone with a well-formed address. */
  users?: string[];
  /** Signing keys; default makeIdpKeys() (the same pair for the whole process). */
  keys?: IdpKeys;
  /** When given, AuthnRequests must be signed (HTTP-Redirect query signature) with its key. */
  spCertificatePem?: string;
  /** Which signatures its responses carry; default both (see TestIdp.signWith). */
  signing?: TestIdpSigning;
};

/**
 * The signatures of a response: the Assertion's and the Response's (the default), only the
 * Assertion's (Entra ID's, ADFS's and Okta's default) or only the Response's.
 */
export type TestIdpSigning = 'both' | 'assertion' | 'response';

export type TestIdp = {
  /** Issuer of its responses; its metadata is served there. */
  entityId: string;
  /** The single sign-on URL (HTTP-Redirect binding): what the SP's AuthnRequests go to. */
  loginUrl: string;
  certificatePem: string;
  close(): Promise<void>;
  /** The last AuthnRequest it could read (also one refused for its Destination). */
  lastRequest(): AuthnRequestInfo | undefined;
  /** The signatures of the responses from now on. */
  signWith(signing: TestIdpSigning): void;
};

const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const SIG_ALGS: Record<string, string> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'RSA-SHA512',
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A SAML 2.0 identity provider on 127.0.0.1 (an ephemeral port) for browser journeys and HTTP
 * tests: GET /sso shows a sign-in form for an AuthnRequest, POST /sso/login answers with a
 * signed response posted to the request's consumer URL; GET /metadata serves its metadata.
 * Call close() in afterAll; the server is unref()'d so it never holds the process open.
 */
export async function startTestIdp(options: TestIdpOptions = {}): Promise<TestIdp> {
  const keys = options.keys ?? (await makeIdpKeys());
  const users = options.users?.map((u) => u.toLowerCase());
  const pending = new Map<string, AuthnRequestInfo>();
  let last: AuthnRequestInfo | undefined;
  let signing: TestIdpSigning = options.signing ?? 'both';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof Refusal ? err.status : 500;
      send(res, status, errorPage(err instanceof Error ? err.message : String(err)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  // Neither the server nor an idle keep-alive connection keeps the process alive.
  server.unref();
  server.on('connection', (socket) => socket.unref());
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const loginUrl = `${origin}/sso`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/sso') return showSignIn(req.url ?? '', url, res);
    if (req.method === 'POST' && url.pathname === '/sso/login')
      return signIn(await readForm(req), res);
    if (req.method === 'GET' && url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata());
      return;
    }
    throw new Refusal(404, 'Not found');
  }

  function showSignIn(rawUrl: string, url: URL, res: ServerResponse) {
    const samlRequest = url.searchParams.get('SAMLRequest');
    if (!samlRequest) throw new Refusal(400, 'No SAMLRequest');
    const relayState = url.searchParams.get('RelayState') ?? undefined;
    const signed = checkQuerySignature(rawUrl, url);
    const request = { ...readAuthnRequest(samlRequest), relayState, signed };
    last = request;
    if (request.destination !== loginUrl) {
      throw new Refusal(400, `The request's Destination is not ${loginUrl}`);
    }
    const token = randomBytes(16).toString('hex');
    pending.set(token, request);
    send(res, 200, signInPage(token, request.issuer));
  }

  /** Signature and SigAlg of the HTTP-Redirect binding, over the query as received (§3.4.4.1). */
  function checkQuerySignature(rawUrl: string, url: URL): boolean {
    const signature = url.searchParams.get('Signature');
    const sigAlg = url.searchParams.get('SigAlg');
    if (!signature && !sigAlg) {
      if (options.spCertificatePem) throw new Refusal(400, 'The request is not signed');
      return false;
    }
    const algorithm = sigAlg ? SIG_ALGS[sigAlg] : undefined;
    if (!signature || !algorithm)
      throw new Refusal(400, 'Unsupported or incomplete request signature');
    if (!options.spCertificatePem) return true;
    const raw = new Map(
      (rawUrl.split('?')[1] ?? '').split('&').map((pair) => {
        const at = pair.indexOf('=');
        return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      }),
    );
    const names = ['SAMLRequest', 'RelayState', 'SigAlg'].filter((name) => raw.has(name));
    // The binding signs the values as they were encoded in the URL; some SPs sign their own
    // (querystring) encoding instead, which differs only for unusual RelayState characters.
    const asReceived = names.map((name) => `${name}=${raw.get(name)}`).join('&');
    const reencoded = stringify(
      Object.fromEntries(names.map((name) => [name, url.searchParams.get(name)])),
    );
    const key = options.spCertificatePem;
    const valid = [asReceived, reencoded].some((signed) =>
      verify(algorithm, Buffer.from(signed), key, Buffer.from(signature, 'base64')),
    );
    if (!valid) throw new Refusal(400, 'The request signature is not valid');
    return true;
  }

  function signIn(form: URLSearchParams, res: ServerResponse) {
    const token = form.get('pending') ?? '';
    const request = pending.get(token);
    if (!request) throw new Refusal(400, 'Unknown or already answered sign-in request');
    const base = {
      keys,
      issuer: entityId,
      destination: request.acsUrl,
      audience: request.issuer,
      inResponseTo: request.id,
    };
    if (form.get('action') === 'cancel') {
      pending.delete(token);
      const failure = {
        code: 'Responder',
        subCode: 'AuthnFailed',
        message: 'The user cancelled the sign-in',
      };
      const samlResponse = buildSamlResponse({ ...base, nameId: '', status: failure });
      return send(res, 200, postBindingPage(request.acsUrl, samlResponse, request.relayState));
    }
    const email = (form.get('email') ?? '').trim();
    if (!EMAIL.test(email)) {
      return send(res, 400, signInPage(token, request.issuer, 'Enter an email address'));
    }
    if (users && !users.includes(email.toLowerCase())) {
      return send(res, 401, signInPage(token, request.issuer, 'No account with this email'));
    }
    pending.delete(token);
    const samlResponse = buildSamlResponse({
      ...base,
      nameId: email,
      attributes: { email },
      signAssertion: signing !== 'response',
      signResponse: signing !== 'assertion',
    });
    send(res, 200, postBindingPage(request.acsUrl, samlResponse, request.relayState));
  }

  function metadata() {
    const doc = newDocument(NS.md, 'md:EntityDescriptor');
    const root = doc.documentElement!;
    root.setAttribute('entityID', entityId);
    const certificate = keys.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    const md = (name: string, attrs: Record<string, string>, ...children: Child[]) =>
      el(doc, NS.md, `md:${name}`, attrs, ...children);
    const ds = (name: string, ...children: Child[]) =>
      el(doc, NS.ds, `ds:${name}`, {}, ...children);
    const signing = {
      protocolSupportEnumeration: NS.samlp,
      WantAuthnRequestsSigned: String(Boolean(options.spCertificatePem)),
    };
    root.appendChild(
      md(
        'IDPSSODescriptor',
        signing,
        md(
          'KeyDescriptor',
          { use: 'signing' },
          ds('KeyInfo', ds('X509Data', ds('X509Certificate', certificate))),
        ),
        md('NameIDFormat', {}, NAMEID_EMAIL),
        md('SingleSignOnService', { Binding: REDIRECT_BINDING, Location: loginUrl }),
      ),
    );
    return serializeXml(doc);
  }

  let closed: Promise<void> | undefined;
  return {
    entityId,
    loginUrl,
    certificatePem: keys.certificatePem,
    lastRequest: () => last,
    signWith(next) {
      signing = next;
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** The AuthnRequest in a SAMLRequest query value: base64 of raw DEFLATE. */
function readAuthnRequest(samlRequest: string) {
  let xml: string;
  let doc: ReturnType<typeof parseXml>;
  try {
    xml = inflateRawSync(Buffer.from(samlRequest, 'base64'), {
      maxOutputLength: 256 * 1024,
    }).toString('utf8');
    doc = parseXml(xml);
  } catch {
    throw new Refusal(400, 'The SAMLRequest is not a deflated XML message');
  }
  const root = doc.documentElement!;
  if (root.namespaceURI !== NS.samlp || root.localName !== 'AuthnRequest') {
    throw new Refusal(400, 'The SAMLRequest is not an AuthnRequest');
  }
  const binding = root.getAttribute('ProtocolBinding');
  if (binding && binding !== POST_BINDING)
    throw new Refusal(400, `Unsupported ProtocolBinding ${binding}`);
  const id = root.getAttribute('ID') ?? '';
  const acsUrl = root.getAttribute('AssertionConsumerServiceURL') ?? '';
  const destination = root.getAttribute('Destination') ?? '';
  let issuer = '';
  try {
    issuer = (child(root, NS.saml, 'Issuer').textContent ?? '').trim();
  } catch {}
  if (!id || !acsUrl || !issuer) {
    throw new Refusal(
      400,
      'The AuthnRequest lacks an ID, an AssertionConsumerServiceURL or an Issuer',
    );
  }
  return { id, issuer, acsUrl, destination, xml };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Refusal(413, 'Form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string) {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(html);
}

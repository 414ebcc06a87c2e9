import { randomBytes } from 'node:crypto';
import type { IdpKeys } from './keys.ts';
import { type Child, el, NS, newDocument, serializeXml, signElement } from './xml.ts';

export const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const STATUS = 'urn:oasis:names:tc:SAML:2.0:status:';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const BASIC_ATTRIBUTE = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

/**
 * A SAML status: 'Success', or a top-level code ('Requester', 'Responder', 'VersionMismatch')
 * with an optional second-level code ('AuthnFailed', 'NoPassive', …) and message. Short names
 * get the `urn:oasis:names:tc:SAML:2.0:status:` prefix; full URNs are kept.
 */
export type SamlStatus = 'Success' | { code: string; subCode?: string; message?: string };

export type SamlResponseOptions = {
  /** The IdP's signing keys (makeIdpKeys). */
  keys: IdpKeys;
  /** The IdP's entity id: the Issuer of the Response and of the Assertion. */
  issuer: string;
  /**
   * Response@Destination: the SP's consumer URL.
   * node-saml 5.1 does NOT check it — the SP must check this itself.
   */
  destination: string;
  /**
   * SubjectConfirmationData@Recipient; default `destination`.
   * node-saml 5.1 does NOT check it — the SP must check this itself.
   */
  recipient?: string;
  /** The one Audience of the AudienceRestriction: the SP's entity id (node-saml checks it). */
  audience: string;
  /** Response@InResponseTo and SubjectConfirmationData@InResponseTo; omitted when undefined. */
  inResponseTo?: string;
  nameId: string;
  /** Default emailAddress. */
  nameIdFormat?: string;
  /** AttributeStatement values; default `{ email: nameId }`; `{}` leaves the statement out. */
  attributes?: Record<string, string | string[]>;
  /** Defaults: `_` + 40 random hex digits. */
  responseId?: string;
  assertionId?: string;
  /** The time the defaults are counted from; default the current time. */
  now?: Date;
  /** Response, Assertion and AuthnStatement instants; default `now`. */
  issueInstant?: Date;
  /** Conditions@NotBefore; default now − 1 min. Not on the bearer SubjectConfirmationData,
   * which must not carry one (SAML profiles §4.1.4.2). */
  notBefore?: Date;
  /** Conditions@NotOnOrAfter and SubjectConfirmationData@NotOnOrAfter; default now + 5 min. */
  notOnOrAfter?: Date;
  /** AuthnStatement@SessionNotOnOrAfter; omitted by default. node-saml ignores it: an SP
   * that wants to honour it must bound its own session by it. */
  sessionNotOnOrAfter?: Date;
  /** Default 'Success'. Any other status leaves the Assertion out, as IdPs do. */
  status?: SamlStatus;
  /** Sign the Assertion (enveloped, after its Issuer); default true. */
  signAssertion?: boolean;
  /** Sign the Response (enveloped, after its Issuer), after the assertion; default true. */
  signResponse?: boolean;
  /** SignatureMethod of both signatures; default RSA-SHA256. */
  signatureAlgorithm?: string;
  /** DigestMethod of both signatures; default SHA-256. */
  digestAlgorithm?: string;
  /** Leave Response@Destination out (allowed by SAML when the Response is not signed). */
  omitDestination?: boolean;
  /** Keep the Assertion in a response whose status is not Success (an attack shape). */
  assertionDespiteStatus?: boolean;
};

export const randomSamlId = () => `_${randomBytes(20).toString('hex')}`;

/** xs:dateTime in UTC without fractions, as IdPs send it. */
export const samlInstant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const statusUrn = (code: string) => (code.includes(':') ? code : STATUS + code);

/** The options with every default filled in, so attacks can reuse the ids they sign. */
export function resolveOptions(opts: SamlResponseOptions) {
  const now = opts.now ?? new Date();
  return {
    ...opts,
    recipient: opts.recipient ?? opts.destination,
    nameIdFormat: opts.nameIdFormat ?? NAMEID_EMAIL,
    attributes: opts.attributes ?? { email: opts.nameId },
    responseId: opts.responseId ?? randomSamlId(),
    assertionId: opts.assertionId ?? randomSamlId(),
    issueInstant: opts.issueInstant ?? now,
    notBefore: opts.notBefore ?? new Date(now.getTime() - 60_000),
    notOnOrAfter: opts.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000),
    status: opts.status ?? 'Success',
    signAssertion: opts.signAssertion ?? true,
    signResponse: opts.signResponse ?? true,
  };
}

/** The Response as an XML string, signed as the options say. */
export function buildSamlResponseXml(options: SamlResponseOptions): string {
  const o = resolveOptions(options);
  const doc = newDocument(NS.samlp, 'samlp:Response');
  const response = doc.documentElement!;
  response.setAttributeNS(NS.xmlns, 'xmlns:samlp', NS.samlp);
  response.setAttributeNS(NS.xmlns, 'xmlns:saml', NS.saml);
  const attrs = {
    ID: o.responseId,
    Version: '2.0',
    IssueInstant: samlInstant(o.issueInstant),
    Destination: o.omitDestination ? undefined : o.destination,
    InResponseTo: o.inResponseTo,
  };
  for (const [name, value] of Object.entries(attrs))
    if (value !== undefined) response.setAttribute(name, value);
  const saml = (name: string, a: Record<string, string | undefined> = {}, ...c: Child[]) =>
    el(doc, NS.saml, `saml:${name}`, a, ...c);
  const samlp = (name: string, a: Record<string, string | undefined> = {}, ...c: Child[]) =>
    el(doc, NS.samlp, `samlp:${name}`, a, ...c);

  response.appendChild(saml('Issuer', {}, o.issuer));
  const status = o.status === 'Success' ? { code: 'Success' } : o.status;
  response.appendChild(
    samlp(
      'Status',
      {},
      samlp(
        'StatusCode',
        { Value: statusUrn(status.code) },
        status.subCode && samlp('StatusCode', { Value: statusUrn(status.subCode) }),
      ),
      status.message !== undefined && samlp('StatusMessage', {}, status.message),
    ),
  );

  const withAssertion = o.status === 'Success' || o.assertionDespiteStatus === true;
  if (withAssertion) {
    const instant = samlInstant(o.issueInstant);
    const attributes = Object.entries(o.attributes);
    const assertion = saml(
      'Assertion',
      { ID: o.assertionId, Version: '2.0', IssueInstant: instant },
      saml('Issuer', {}, o.issuer),
      saml(
        'Subject',
        {},
        saml('NameID', { Format: o.nameIdFormat }, o.nameId),
        saml(
          'SubjectConfirmation',
          { Method: BEARER },
          saml('SubjectConfirmationData', {
            InResponseTo: o.inResponseTo,
            NotOnOrAfter: samlInstant(o.notOnOrAfter),
            Recipient: o.recipient,
          }),
        ),
      ),
      saml(
        'Conditions',
        { NotBefore: samlInstant(o.notBefore), NotOnOrAfter: samlInstant(o.notOnOrAfter) },
        saml('AudienceRestriction', {}, saml('Audience', {}, o.audience)),
      ),
      saml(
        'AuthnStatement',
        {
          AuthnInstant: instant,
          SessionIndex: o.assertionId,
          SessionNotOnOrAfter: o.sessionNotOnOrAfter && samlInstant(o.sessionNotOnOrAfter),
        },
        saml('AuthnContext', {}, saml('AuthnContextClassRef', {}, PASSWORD_CONTEXT)),
      ),
      attributes.length > 0 &&
        saml(
          'AttributeStatement',
          {},
          ...attributes.map(([name, value]) =>
            saml(
              'Attribute',
              { Name: name, NameFormat: BASIC_ATTRIBUTE },
              ...[value].flat().map((v) => saml('AttributeValue', {}, v)),
            ),
          ),
        ),
    );
    assertion.setAttributeNS(NS.xmlns, 'xmlns:saml', NS.saml);
    response.appendChild(assertion);
  }

  let xml = serializeXml(doc);
  const signer = {
    privateKeyPem: o.keys.privateKeyPem,
    keyInfoCertificatePem: o.keys.certificatePem,
    signatureAlgorithm: o.signatureAlgorithm,
    digestAlgorithm: o.digestAlgorithm,
  };
  if (withAssertion && o.signAssertion) xml = signElement(xml, o.assertionId, signer);
  if (o.signResponse) xml = signElement(xml, o.responseId, signer);
  return xml;
}

/** The base64 SAMLResponse form value an IdP posts to the SP's consumer URL. */
export function buildSamlResponse(options: SamlResponseOptions): string {
  return toSamlResponse(buildSamlResponseXml(options));
}

export const toSamlResponse = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
export const fromSamlResponse = (samlResponse: string) =>
  Buffer.from(samlResponse, 'base64').toString('utf8');

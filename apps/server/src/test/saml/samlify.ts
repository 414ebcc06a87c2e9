import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IdpKeys } from './keys.ts';

/** What an SP entity of samlify offers here: its metadata's values. */
type SamlifySp = {
  entityMeta: {
    getAssertionConsumerService(binding: string): unknown;
    getEntityID(): string;
  };
};

/**
 * The members of samlify used here. Its own type declarations import xmldom's, which pull
 * TypeScript's DOM types into the server's build (as test/saml/xml.ts says): it is loaded with
 * `require` and described by what this file calls.
 */
type Samlify = {
  setSchemaValidator(validator: { validate: (xml: string) => Promise<string> }): void;
  Constants: {
    algorithms: { signature: { RSA_SHA1: string; RSA_SHA256: string; RSA_SHA512: string } };
    namespace: { binding: { redirect: string } };
    StatusCode: { Success: string };
  };
  SamlLib: {
    defaultLoginResponseTemplate: { context: string };
    replaceTagsByValue(template: string, values: Record<string, string>): string;
  };
  IdentityProvider(options: Record<string, unknown>): {
    parseLoginRequest(
      sp: SamlifySp,
      binding: string,
      request: { query: Record<string, string>; octetString: string },
    ): Promise<{ extract: unknown }>;
    createLoginResponse(
      sp: SamlifySp,
      requestInfo: { extract: unknown },
      binding: string,
      user: Record<string, unknown>,
      template: (template: string) => { id: string; context: string },
    ): Promise<unknown>;
  };
  ServiceProvider(options: { metadata: string; wantMessageSigned: boolean }): SamlifySp;
};

const samlify = createRequire(import.meta.url)('samlify') as Samlify;

/**
 * A second SAML identity provider for the tests, written by nobody here: samlify's
 * IdentityProvider, set up the way an administrator sets up Entra ID, ADFS or Okta — from the
 * service provider's published metadata. It reads our AuthnRequest (HTTP-Redirect) with its own
 * parser and answers with the Response its own templates and signer make. Test support only.
 *
 * samlify wants an XML schema validator; we test our service provider, not samlify's output, so
 * the validation is skipped.
 */
samlify.setSchemaValidator({ validate: async () => 'skipped' });

const SIG = samlify.Constants.algorithms.signature;
const { namespace } = samlify.Constants;

export const SAMLIFY_ALGORITHMS = {
  sha1: SIG.RSA_SHA1,
  sha256: SIG.RSA_SHA256,
  sha512: SIG.RSA_SHA512,
} as const;

export type SamlifySigning = 'assertion' | 'response' | 'both';

export type SamlifyAnswer = {
  /** Which signatures the IdP makes: the Assertion's (our metadata's WantAssertionsSigned, the
   * providers' default), the Response's only, or both. */
  sign: SamlifySigning;
  /** RSA with this hash, and the digest of the same hash (samlify pairs them). */
  algorithm: keyof typeof SAMLIFY_ALGORITHMS;
  nameId: string;
  nameIdFormat: string;
  /** Attribute name → value, in this order. */
  attributes?: Record<string, string>;
};

/** The options of samlify's IdP, as an administrator fills them in. */
export type SamlifyIdpOptions = { keys: IdpKeys; entityId: string; loginUrl: string };

/**
 * Answers the AuthnRequest carried by `redirectUrl` (the SP's redirect to the IdP) for a user,
 * with an SP entity made from `spMetadata` (our published metadata). Returns the base64
 * SAMLResponse the IdP's auto-submitting form posts, and the request id samlify read.
 */
export async function samlifyAnswer(
  idpOptions: SamlifyIdpOptions,
  spMetadata: string,
  redirectUrl: string,
  answer: SamlifyAnswer,
): Promise<{ samlResponse: string; requestId: string }> {
  const attributes = Object.entries(answer.attributes ?? {});
  const idp = samlify.IdentityProvider({
    entityID: idpOptions.entityId,
    privateKey: idpOptions.keys.privateKeyPem,
    signingCert: idpOptions.keys.certificatePem,
    singleSignOnService: [{ Binding: namespace.binding.redirect, Location: idpOptions.loginUrl }],
    nameIDFormat: [answer.nameIdFormat],
    requestSignatureAlgorithm: SAMLIFY_ALGORITHMS[answer.algorithm],
    loginResponseTemplate: {
      context: samlify.SamlLib.defaultLoginResponseTemplate.context,
      attributes: attributes.map(([name], i) => ({
        name,
        valueTag: `value${i}`,
        nameFormat: name.includes(':')
          ? 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri'
          : 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
        valueXsiType: 'xs:string',
      })),
    },
  });
  // Response-only signing is a choice the administrator makes at the IdP (Okta's and ADFS's
  // 'sign the response'): samlify signs the Response alone when the SP does not want signed
  // assertions. Our metadata asks for signed assertions, so that one choice is edited in.
  const metadata =
    answer.sign === 'response'
      ? spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"')
      : spMetadata;
  const sp = samlify.ServiceProvider({ metadata, wantMessageSigned: answer.sign !== 'assertion' });

  const url = new URL(redirectUrl);
  const request = await idp.parseLoginRequest(sp, 'redirect', {
    query: Object.fromEntries(url.searchParams),
    octetString: url.search.slice(1),
  });
  const requestId = String((request.extract as { request?: { id?: string } }).request?.id ?? '');

  const now = new Date();
  const later = new Date(now.getTime() + 5 * 60_000);
  const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
  if (!acs) throw new Error('no HTTP-POST assertion consumer service in the SP metadata');
  const requestInfo = { extract: request.extract };
  const context = await idp.createLoginResponse(sp, requestInfo, 'post', {}, (template: string) => {
    const id = `_${randomBytes(20).toString('hex')}`;
    const values: Record<string, string> = {
      ID: id,
      AssertionID: `_${randomBytes(20).toString('hex')}`,
      Destination: acs,
      Audience: sp.entityMeta.getEntityID(),
      SubjectRecipient: acs,
      Issuer: idpOptions.entityId,
      IssueInstant: now.toISOString(),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
      ConditionsNotOnOrAfter: later.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
      NameIDFormat: answer.nameIdFormat,
      NameID: answer.nameId,
      InResponseTo: requestId,
      AuthnStatement: '',
      ...Object.fromEntries(attributes.map(([, value], i) => [`attrValue${i}`, value])),
    };
    return { id, context: samlify.SamlLib.replaceTagsByValue(template, values) };
  });
  return { samlResponse: (context as { context: string }).context, requestId };
}

import type { Profile } from '@node-saml/node-saml';
import { parseStringPromise, processors } from 'xml2js';

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

type XmlNode = { $?: Record<string, string>; _?: string; [child: string]: unknown };
const children = (node: XmlNode | undefined, name: string): XmlNode[] =>
  (node?.[name] as XmlNode[] | undefined) ?? [];

/**
 * What node-saml does not check itself (docs/sso.md "What a response must be"), read from the
 * assertion whose signature it verified — never from the unsigned parts of the message:
 * the issuer is the team's IdP; a bearer confirmation names our consumer URL as Recipient.
 * Returns the assertion's id and when it stops being valid, for replay detection.
 */
export function checkAssertion(
  profile: Profile,
  expect: { issuer: string; consumerUrl: string; now: Date },
): { assertionId: string; expiresAt: Date } {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  if (!assertion) throw new Error('no signed assertion');
  const issuer = children(assertion, 'Issuer')[0]?._;
  if (issuer !== expect.issuer) throw new Error('issuer is not the team identity provider');
  const assertionId = assertion.$?.ID;
  if (!assertionId) throw new Error('assertion has no ID');

  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').filter(
    (c) => c.$?.Method === BEARER,
  );
  const data = confirmations.flatMap((c) => children(c, 'SubjectConfirmationData'));
  if (data.length === 0) throw new Error('no bearer subject confirmation');
  if (!data.every((d) => d.$?.Recipient === expect.consumerUrl)) {
    throw new Error('recipient is not our consumer URL');
  }

  // The IdP's session behind this sign-in has already ended (SessionNotOnOrAfter): too late.
  const sessionEnds = children(assertion, 'AuthnStatement')
    .map((a) => a.$?.SessionNotOnOrAfter)
    .filter((v): v is string => typeof v === 'string');
  if (sessionEnds.some((v) => !(new Date(v).getTime() > expect.now.getTime()))) {
    throw new Error('the identity provider session has ended');
  }

  const ends = [
    ...data.map((d) => d.$?.NotOnOrAfter),
    ...children(assertion, 'Conditions').map((c) => c.$?.NotOnOrAfter),
  ]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => new Date(v).getTime())
    .filter((t) => Number.isFinite(t));
  // Remembered at least as long as the assertion could be accepted (its end plus the skew).
  const expiresAt = new Date(Math.max(expect.now.getTime(), ...ends) + 5 * 60_000);
  return { assertionId, expiresAt };
}

/**
 * The Response's Destination must be our consumer URL. The response's own signature covers its
 * root element (node-saml requires it, `wantAuthnResponseSigned`), so its attributes can be read.
 */
export async function checkDestination(samlResponse: string, consumerUrl: string) {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const doc = (await parseStringPromise(xml, {
    tagNameProcessors: [processors.stripPrefix],
    explicitRoot: true,
  })) as { Response?: XmlNode };
  if (doc.Response?.$?.Destination !== consumerUrl) {
    throw new Error('destination is not our consumer URL');
  }
}

/** The user keys a response can match a linked login by: its NameID and its email attribute. */
export function userKeysOf(profile: Profile): string[] {
  const keys = [profile.nameID, profile.email, profile.mail]
    .filter((k): k is string => typeof k === 'string' && k.trim() !== '')
    .map((k) => k.trim().toLowerCase());
  return [...new Set(keys)];
}

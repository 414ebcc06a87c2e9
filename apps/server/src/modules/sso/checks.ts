import type { Profile } from '@node-saml/node-saml';
import { normalizedEmail } from '@roomscale/shared';

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

/** NameID formats whose value is the user key when it is an address (no Format is unspecified). */
export const ADDRESS_NAMEID_FORMATS: readonly string[] = [
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
];

/** The attributes that may carry the address, in the order they are read (docs/sso.md). */
export const ADDRESS_ATTRIBUTES: readonly string[] = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn',
];

const addressIn = (value: unknown): string | null => {
  const text = typeof value === 'object' && value !== null ? (value as { _?: unknown })._ : value;
  return typeof text === 'string' ? normalizedEmail(text) : null;
};

/**
 * The user key of a verified assertion (docs/sso.md "The user key"): the NameID when it is an
 * address in the emailAddress or unspecified format; otherwise the first of ADDRESS_ATTRIBUTES
 * (names compared without case) that holds an address — its first value that is one. Lower
 * case. Empty when there is none: then nobody is signed in.
 */
export function userKeysOf(profile: Profile): string[] {
  const format = profile.nameIDFormat ?? ADDRESS_NAMEID_FORMATS[1]!;
  if (ADDRESS_NAMEID_FORMATS.includes(format)) {
    const fromNameId = addressIn(profile.nameID);
    if (fromNameId) return [fromNameId];
  }
  const attributes = Object.entries(
    (profile.attributes as Record<string, unknown> | undefined) ?? {},
  );
  for (const wanted of ADDRESS_ATTRIBUTES) {
    for (const [name, value] of attributes) {
      if (name.toLowerCase() !== wanted.toLowerCase()) continue;
      for (const v of [value].flat()) {
        const address = addressIn(v);
        if (address) return [address];
      }
    }
  }
  return [];
}

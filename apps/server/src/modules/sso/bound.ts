import { security } from '@roomscale/shared';

export type BoundedResponse =
  | {
      ok: true;
      /** The decoded document, for whoever parses it next. */
      xml: string;
      /** The root Response's InResponseTo as written (unverified), or null. */
      inResponseTo: string | null;
    }
  | { ok: false; reason: 'tooLarge' | 'malformed'; detail: string };

const LT = 60; // <
const GT = 62; // >
const BANG = 33; // !
const QUESTION = 63; // ?
const SLASH = 47; // /
const QUOT = 34; // "
const APOS = 39; // '

/**
 * The cheap first look at a posted SAMLResponse (docs/sso.md "Bounded work"), before any XML
 * parser sees it: its decoded size, how deep its elements nest and how many there are, against
 * `security.samlResponse`. One pass over the text, no tree and no recursion: the cost is linear
 * in the (already limited) size, whatever the shape, so a hostile document costs next to nothing.
 *
 * It refuses document type declarations (a SAML message never has one, and they are where
 * entity expansion lives) and anything it cannot walk. It is not a parser: what it lets through
 * is parsed and verified by node-saml as before. It also reads the root's InResponseTo, so the
 * page a refused response lands on is chosen without parsing the document a second time.
 */
export function boundSamlResponse(samlResponse: string): BoundedResponse {
  const limit = security.samlResponse;
  // Four base64 characters carry three bytes: refuse before decoding what is surely too large.
  if (Math.floor((samlResponse.length * 3) / 4) > limit.maxBytes + 3) {
    return { ok: false, reason: 'tooLarge', detail: 'response larger than allowed' };
  }
  const bytes = Buffer.from(samlResponse, 'base64');
  if (bytes.length > limit.maxBytes) {
    return { ok: false, reason: 'tooLarge', detail: 'response larger than allowed' };
  }
  const xml = bytes.toString('utf8');
  const walked = walkXml(xml, limit);
  if (!walked.ok) return walked;
  return { ok: true, xml, inResponseTo: inResponseToOf(walked.rootTag) };
}

export type WalkedXml =
  | { ok: true /** The root element's start tag as written. */; rootTag: string }
  | { ok: false; reason: 'tooLarge' | 'malformed'; detail: string };

/**
 * The linear pass itself, for any XML a stranger may hand us (a SAMLResponse, an identity
 * provider's metadata): how deep its elements nest and how many there are, against `limit`, with
 * document type declarations refused. No tree and no recursion.
 */
export function walkXml(xml: string, limit: { maxDepth: number; maxElements: number }): WalkedXml {
  const refuse = (reason: 'tooLarge' | 'malformed', detail: string) =>
    ({ ok: false, reason, detail }) as const;

  let depth = 0;
  let elements = 0;
  let rootTag = '';
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === BANG) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end < 0) return refuse('malformed', 'unterminated comment');
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end < 0) return refuse('malformed', 'unterminated CDATA section');
        i = end + 3;
      } else {
        return refuse('malformed', 'document type declarations are not allowed');
      }
      continue;
    }
    if (next === QUESTION) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) return refuse('malformed', 'unterminated processing instruction');
      i = end + 2;
      continue;
    }
    if (next === SLASH) {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) return refuse('malformed', 'unterminated end tag');
      depth -= 1;
      if (depth < 0) return refuse('malformed', 'end tag without a start tag');
      i = end + 1;
      continue;
    }
    // A start tag: to its '>', skipping quoted attribute values (which may hold '>').
    let j = lt + 1;
    let quote = 0;
    for (; j < xml.length; j++) {
      const c = xml.charCodeAt(j);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === QUOT || c === APOS) {
        quote = c;
      } else if (c === GT) {
        break;
      } else if (c === LT) {
        return refuse('malformed', 'unterminated start tag');
      }
    }
    if (j >= xml.length) return refuse('malformed', 'unterminated start tag');
    elements += 1;
    if (elements > limit.maxElements) return refuse('tooLarge', 'too many elements');
    if (elements === 1) rootTag = xml.slice(lt, j + 1);
    else if (depth === 0) return refuse('malformed', 'more than one root element');
    if (xml.charCodeAt(j - 1) !== SLASH) {
      depth += 1;
      if (depth > limit.maxDepth) return refuse('tooLarge', 'elements nested too deep');
    }
    i = j + 1;
  }
  if (elements === 0) return refuse('malformed', 'no XML element');
  if (depth !== 0) return refuse('malformed', 'unclosed elements');
  return { ok: true, rootTag };
}

/** InResponseTo of a root start tag `<samlp:Response …>`, or null when it is something else. */
function inResponseToOf(tag: string): string | null {
  if (!/^<(?:[\w.-]+:)?Response[\s/>]/.test(tag)) return null;
  const m = /\sInResponseTo\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

import { security, serverMessages } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from './problem.ts';

/**
 * Input no route may see, refused once here for every route (before the access rule, the
 * validation and the handler):
 * - a NUL character (U+0000) in the address (`%00`, raw), a header, or anywhere in a parsed
 *   JSON or form body, query or path parameter (values and keys, at any depth). PostgreSQL
 *   cannot store it in text, C libraries and file systems cut strings at it, and no field of the
 *   API has a use for it;
 * - a lone UTF-16 surrogate (U+D800 to U+DFFF without its pair) in the same places. JSON may
 *   escape one (`"\ud800"`), but it is no character of any text: PostgreSQL's jsonb refuses it
 *   and `encodeURIComponent` (the payment provider's form encoding) throws on it. Addresses and
 *   headers cannot carry one (their bytes decode to U+FFFD or stay escaped);
 * - an address longer than `security.maxUrlLength` (414).
 * A refusal in a body, query or parameter names the field (`errors`, as validation does).
 * Streamed bodies (uploads) are not parsed here: their routes read them as bytes.
 */
export function registerRequestGuard(app: FastifyInstance) {
  // Callback hooks, not async ones: every request passes here, and a promise per hook costs.
  app.addHook('onRequest', (req, _reply, done) => {
    const url = req.raw.url ?? '';
    if (url.length > security.maxUrlLength)
      return done(new HttpError(414, serverMessages.uriTooLong));
    if (hasNulInUrl(url) || hasNulInHeaders(req.raw.rawHeaders)) {
      return done(badRequest(serverMessages.nulCharacter));
    }
    done();
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const found =
      forbiddenTextAt(req.body, 'body') ??
      forbiddenTextAt(req.query, 'query') ??
      forbiddenTextAt(req.params, 'params');
    if (found) return done(refusal(found));
    done();
  });
}

/** `%00` is the only percent-escape that decodes to NUL (overlong forms decode to U+FFFD). */
export const hasNulInUrl = (url: string) => url.includes('\0') || /%00/i.test(url);

const hasNulInHeaders = (raw: string[]) => raw.some((h) => h.includes('\0'));

/** Streams and buffers are bodies the route reads as bytes itself. */
const isBytes = (v: object) =>
  ArrayBuffer.isView(v) || typeof (v as { pipe?: unknown }).pipe === 'function';

/** Node 20+ (V8 11.3) has it; TypeScript's lib names it from ES2024 on. */
type WellFormedString = string & { isWellFormed(): boolean };

/** Whether a string holds a NUL or a lone surrogate. */
const badText = (s: string) => s.includes('\0') || !(s as WellFormedString).isWellFormed();

export type ForbiddenText = { kind: 'nul' | 'surrogate'; field: string };

/** A value met in the walk: the key it sits under and its parent, to name it when it is bad. */
type Step = { value: unknown; key: string | null; parent: Step | null };

/**
 * Where the first NUL or lone surrogate of a parsed value is, in any string or key at any depth
 * (walked without recursion), named as the field validation would name it (`user.firstName`,
 * `items.0`; a bad key names the object holding it; the value itself names `part`). Each value
 * keeps only its key and parent: the name is built once something is found.
 */
export function forbiddenTextAt(value: unknown, part: string): ForbiddenText | null {
  const found = (text: string, step: Step): ForbiddenText => {
    const path: string[] = [];
    for (let s: Step | null = step; s?.key != null; s = s.parent) path.unshift(s.key);
    return {
      kind: text.includes('\0') ? 'nul' : 'surrogate',
      field: path.length > 0 ? path.join('.') : part,
    };
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (badText(v)) return found(v, step);
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries())
        stack.push({ value: item, key: String(i), parent: step });
    } else if (v !== null && typeof v === 'object' && !isBytes(v)) {
      // Form bodies are objects without Object.prototype: every own key counts.
      for (const [k, item] of Object.entries(v)) {
        if (badText(k)) return found(k, step);
        stack.push({ value: item, key: k, parent: step });
      }
    }
  }
  return null;
}

const refusal = ({ kind, field }: ForbiddenText) => {
  const message = kind === 'nul' ? serverMessages.nulCharacter : serverMessages.loneSurrogate;
  return badRequest(message, { [field]: [message] });
};

import { security, serverMessages } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from './problem.ts';

/**
 * Input no route may see, refused once here for every route (before the access rule, the
 * validation and the handler):
 * - a NUL character (U+0000) in the address (`%00`, raw), a header, or anywhere in a parsed
 *   JSON or form body (values and keys, at any depth). PostgreSQL cannot store it in text, C
 *   libraries and file systems cut strings at it, and no field of the API has a use for it;
 * - an address longer than `security.maxUrlLength` (414).
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
    if (containsNul(req.body)) return done(badRequest(serverMessages.nulCharacter));
    done();
  });
}

/** `%00` is the only percent-escape that decodes to NUL (overlong forms decode to U+FFFD). */
export const hasNulInUrl = (url: string) => url.includes('\0') || /%00/i.test(url);

const hasNulInHeaders = (raw: string[]) => raw.some((h) => h.includes('\0'));

/** Streams and buffers are bodies the route reads as bytes itself. */
const isBytes = (v: object) =>
  ArrayBuffer.isView(v) || typeof (v as { pipe?: unknown }).pipe === 'function';

/** Whether a parsed body holds a NUL in any string or key, at any depth (walked without recursion). */
export function containsNul(body: unknown): boolean {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (Array.isArray(value)) {
      for (const v of value) stack.push(v);
    } else if (value !== null && typeof value === 'object' && !isBytes(value)) {
      // Form bodies are objects without Object.prototype: every own key counts.
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\0')) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

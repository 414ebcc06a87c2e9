import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** The object key of the path and the query, exactly as the client sent it. */
export type Place = { key: string; rawQuery: string; query: URLSearchParams };

export function place(req: FastifyRequest): Place {
  const key = (req.params as Record<string, string | undefined>)['*'] ?? '';
  const at = req.url.indexOf('?');
  const rawQuery = at < 0 ? '' : req.url.slice(at + 1);
  return { key, rawQuery, query: new URLSearchParams(rawQuery) };
}

/** The request body stream, when there is one. */
export function bodyStream(req: FastifyRequest): Readable | null {
  return req.body instanceof Readable ? req.body : null;
}

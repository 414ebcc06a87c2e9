import type { z } from '../zodErrors.ts';
import { type Endpoint, fillPath } from './define.ts';

/**
 * What a call of an endpoint takes and answers, typed from the contract alone: the web's client
 * and the server's tests call endpoints with these, so neither writes a path, an input or an
 * answer type by hand.
 */
type Schema<E extends Endpoint> = E['schema'];

type ParamsPart<E extends Endpoint> =
  Schema<E> extends { params: infer P extends z.ZodType }
    ? { params: z.input<P> }
    : { params?: undefined };

type QueryPart<E extends Endpoint> =
  Schema<E> extends { querystring: infer Q extends z.ZodType }
    ? object extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> }
    : { query?: undefined };

type BodyPart<E extends Endpoint, FileBody> = E['bodyKind'] extends 'file'
  ? { body: FileBody }
  : Schema<E> extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : { body?: undefined };

/**
 * What a call of `E` takes: its path parameters, query and body, as the contract types them.
 * `FileBody` is how the caller holds a file sent as the body (the browser's Blob or FormData, a
 * Buffer on the server); the contract leaves it open.
 */
export type CallInput<E extends Endpoint, FileBody = never> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E, FileBody>;

/** What a call of `E` answers: the contract's 200 body, or nothing (204). */
export type CallAnswer<E extends Endpoint> =
  Schema<E> extends { response: { 200: infer O extends z.ZodType } } ? z.output<O> : undefined;

/** The platform's URLSearchParams (browsers and Node have it; this package's types name neither). */
type SearchParams = { append(name: string, value: string): void; toString(): string };
const searchParams = () =>
  new (globalThis as unknown as { URLSearchParams: new () => SearchParams }).URLSearchParams();

/** `path` with `query` appended: one pair per value (arrays repeat the name), nullish left out. */
export function withQuery(path: string, query?: object) {
  if (!query) return path;
  const params = searchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The address of a call: the endpoint's path with its parameters filled in, then the query. */
export const callUrl = (
  e: Pick<Endpoint, 'path'>,
  input: { params?: Record<string, unknown>; query?: object } = {},
) => withQuery(fillPath(e.path, input.params), input.query);

import type { z } from '../zodErrors.ts';

/**
 * One call of the API: its method, its path (Fastify's `:name` parameters) and its schema in
 * Fastify's shape (`params`, `querystring`, `body`, `response` keyed by status, plus the OpenAPI
 * words `tags`, `summary`, `security`). The server registers its routes from these and the web
 * client derives every call's input and answer types from them: one contract, no path or answer
 * type written twice.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointSchema = {
  tags: readonly string[];
  summary?: string;
  description?: string;
  security?: readonly Record<string, readonly string[]>[];
  consumes?: readonly string[];
  /** The answer's media types when it is not JSON (a CSV download: `['text/csv']`). */
  produces?: readonly string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Readonly<Record<number, z.ZodType>>;
};

/** How the request body travels when it is not JSON described by `schema.body`. */
export type BodyKind = 'json' | 'form' | 'file';

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends EndpointSchema = EndpointSchema,
  K extends BodyKind = BodyKind,
> = { method: M; path: P; schema: S; bodyKind: K };

export function endpoint<
  const M extends Method,
  const P extends string,
  const S extends EndpointSchema,
  const K extends BodyKind = 'json',
>(method: M, path: P, schema: S, bodyKind: K = 'json' as K): Endpoint<M, P, S, K> {
  return { method, path, schema, bodyKind };
}

/** Calls that need the bearer access token of a user or a guest. */
export const bearer = [{ bearer: [] as string[] }];

/** The token the caller must present: none for public calls, else the bearer access token. */
export const needsToken = (e: Pick<Endpoint, 'schema'> | BareCall) =>
  (e.schema.security?.length ?? 0) > 0;

/** The `:name` parameters of a path, in order. */
export const pathParams = (path: string) =>
  [...path.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1] as string);

/** The path with its parameters filled in, each escaped. */
export function fillPath(path: string, params: Record<string, unknown> = {}) {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** An endpoint's token rule alone. */
type SecurityOf<E extends Endpoint> = E['schema'] extends { security: infer S }
  ? { security: S }
  : { security?: undefined };

/**
 * A call by its method, path, token rule and body kind only, standing for the endpoint `E`
 * (`endpoint` is there for the types: a bare call answers and takes what `E` does). See
 * firstLoad.ts.
 */
export type BareCall<E extends Endpoint = Endpoint> = {
  method: E['method'];
  path: E['path'];
  bodyKind: E['bodyKind'];
  schema: SecurityOf<E>;
  readonly endpoint?: E;
};

/**
 * The bare call of the endpoint `E`. Its method, path, token rule and body kind are typed as
 * `E`'s own: a call that differs from its endpoint in any of them does not compile.
 */
export function bareCall<E extends Endpoint>(
  method: E['method'],
  path: E['path'],
  schema: SecurityOf<E>,
  bodyKind: E['bodyKind'],
): BareCall<E> {
  return { method, path, schema, bodyKind };
}

import type { Problem } from '@roomscale/shared';
import { accessToken } from './tokens.ts';

/** A failed call: HTTP status (0 when the server could not be reached) and the problem body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
  }
}

type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export type CallOptions = {
  query?: Query;
  body?: unknown;
  /** Calls made before sign-in pass false: no bearer token is attached or required. */
  auth?: boolean;
  signal?: AbortSignal;
};

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Calls our own API (same origin). The bearer token goes only to same-origin paths under /api,
 * never to the token endpoint. Resolves with the JSON body, or undefined for 204.
 */
export async function api<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  if (!path.startsWith('/api/')) throw new Error(`not an API path: ${path}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.auth !== false && path !== '/api/connect/token') {
    const token = await accessToken();
    if (!token) throw new ApiError(401, null);
    headers.authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body instanceof Blob) {
    // A file sent as it is (profile images): its own type, no JSON.
    headers['content-type'] = opts.body.type || 'application/octet-stream';
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), { method, headers, body, signal: opts.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, null);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const json = text ? safeJson(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, isProblem(json) ? json : null);
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isProblem(v: unknown): v is Problem {
  return typeof v === 'object' && v !== null && 'status' in v && 'title' in v;
}

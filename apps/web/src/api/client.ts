import { errorTexts, type Problem } from '@roomscale/shared';
import {
  type BareCall,
  type CallAnswer,
  type CallInput as ContractInput,
  callUrl,
  type Endpoint,
  needsToken,
} from '@roomscale/shared/contract';
import { accessToken, sessionRefused } from './tokens.ts';

/**
 * A failed call: HTTP status (0 when the server could not be reached) and the problem body. Its
 * message is the problem's detail or title; without them, the spec's generic texts (part1 §8):
 * 'A server side error occurred.' for a problem body, 'An unexpected server error occurred.'
 * for any other answer. Screens show the error mapper's text (errors.ts), not this.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(
      problem?.detail ??
        problem?.title ??
        (problem ? errorTexts.serverSide : errorTexts.unexpected),
    );
  }
}

/** What a call of `E` takes here: the contract's input, a file body as a Blob or FormData, an abort signal. */
export type CallInput<E extends Endpoint> = ContractInput<E, Blob | FormData> & {
  signal?: AbortSignal;
};

export type { CallAnswer };

type Args<E extends Endpoint> = object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>];

function encodeBody(e: Endpoint | BareCall, body: unknown, headers: Record<string, string>) {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  if (body instanceof Blob) {
    // A file sent as it is (profile images): its own type, no JSON.
    headers['content-type'] = body.type || 'application/octet-stream';
    return body;
  }
  if (e.bodyKind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  headers['content-type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * Calls one endpoint of the shared contract on our own API (same origin). The address, method,
 * input and answer types all come from the contract; the bearer token goes only to calls the
 * contract marks as needing it. Resolves with the JSON body, or undefined for 204. A bare call
 * (`firstLoadCalls`) is made and typed as its endpoint is.
 */
export async function call<E extends Endpoint>(
  e: E | BareCall<E>,
  ...[input]: Args<E>
): Promise<CallAnswer<E>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  let token: string | null = null;
  if (needsToken(e)) {
    token = await accessToken();
    if (!token) throw new ApiError(401, null);
    headers.authorization = `Bearer ${token}`;
  }
  const url = callUrl(e, { params, query });
  const init = { method: e.method, headers, body: encodeBody(e, body, headers), signal };
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null);
  }
  // Our token refused: the session has ended (tokens.ts `sessionRefused`), however it ended.
  if (res.status === 401 && token) await sessionRefused(token);
  if (res.status === 204) return undefined as CallAnswer<E>;
  const text = await res.text();
  const json = text ? safeJson(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, isProblem(json) ? json : null);
  return json as CallAnswer<E>;
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

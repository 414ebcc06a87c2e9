import type { Problem } from '@roomscale/shared';
import {
  type CallAnswer,
  type CallInput,
  callUrl,
  type Endpoint,
} from '@roomscale/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, nextIp } from './factories.ts';
import type { TestApp } from './harness.ts';

/** How a test reaches the app besides the contract's input: who calls, from where, with what headers. */
type Caller = {
  /** The bearer token (a session or its access token). */
  token?: { access_token: string } | string;
  /** The client address; a fresh one by default, so per-IP limits of one call do not leak. */
  ip?: string;
  /** Extra request headers (they win over the ones the helper sets). */
  headers?: Record<string, string>;
};

/** A file sent as the request body, as a test holds it. */
type FileBody = Buffer | Blob | FormData;

/** A call of `E` as the contract types it, plus the caller. */
export type EndpointCall<E extends Endpoint> = CallInput<E, FileBody> & Caller;

/** Any parameters, query and body: for input the contract refuses, or a loop over endpoints. */
export type UncheckedCall = Caller & {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
};

type Args<E extends Endpoint> =
  object extends EndpointCall<E> ? [EndpointCall<E>?] : [EndpointCall<E>];

/**
 * The answer to a call: its status and headers, its 2xx body parsed and typed by the contract
 * (`body`), or its problem (`problem`, on 4xx and 5xx), and the raw reply for bytes and text.
 * Reading `body` after a status that is not 2xx, or `problem` after one below 400, fails the
 * test with the status and text of the answer, so no test casts a body it did not check.
 */
export class Answer<E extends Endpoint> {
  readonly status: number;
  readonly headers: LightMyRequestResponse['headers'];
  constructor(readonly raw: LightMyRequestResponse) {
    this.status = raw.statusCode;
    this.headers = raw.headers;
  }

  get body(): CallAnswer<E> {
    if (this.status < 200 || this.status > 299) {
      throw new Error(`expected a 2xx answer, got ${this.status}: ${this.raw.body}`);
    }
    return (this.raw.body === '' ? undefined : this.raw.json()) as CallAnswer<E>;
  }

  get problem(): Problem {
    if (this.status < 400) {
      throw new Error(`expected a problem, got ${this.status}: ${this.raw.body}`);
    }
    return this.raw.json() as Problem;
  }
}

function payloadOf(e: Endpoint, body: unknown, headers: Record<string, string>) {
  if (body === undefined) return {};
  if (e.bodyKind === 'form' && typeof body === 'object' && body !== null) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { payload: new URLSearchParams(body as Record<string, string>).toString() };
  }
  // Objects travel as JSON (inject sets the type); strings, Buffers and FormData as they are.
  return { payload: body as object };
}

async function send<E extends Endpoint>(
  t: TestApp,
  e: E,
  input: UncheckedCall,
): Promise<Answer<E>> {
  let body = input.body;
  const headers: Record<string, string> = input.token ? bearer(input.token) : {};
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    headers['content-type'] = body.type || 'application/octet-stream';
    body = Buffer.from(await body.arrayBuffer());
  }
  const payload = payloadOf(e, body, headers);
  const raw = await t.app.inject({
    method: e.method,
    url: callUrl(e, input),
    ...payload,
    headers: { ...headers, ...input.headers },
    remoteAddress: input.ip ?? nextIp(),
  });
  return new Answer<E>(raw);
}

/**
 * Calls one endpoint of the contract on the test app: the address comes from the endpoint's path,
 * `params` and `query`; the input and the answer are typed by the contract
 * (`callEndpoint(t, meetingsApi.create, { params: { organizationId }, body, token })`).
 */
export function callEndpoint<E extends Endpoint>(
  t: TestApp,
  e: E,
  ...[input]: Args<E>
): Promise<Answer<E>> {
  return send(t, e, (input ?? {}) as UncheckedCall);
}

/**
 * Calls an endpoint with input the compiler does not check against its contract: input the
 * contract refuses (a wrong type, a missing field, an unknown parameter), to test that the app
 * refuses it too, or one loop over several endpoints. The answer is typed as `callEndpoint`'s.
 */
export function callUnchecked<E extends Endpoint>(
  t: TestApp,
  e: E,
  input: UncheckedCall,
): Promise<Answer<E>> {
  return send(t, e, input);
}

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { security, serverMessages } from '@roomscale/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseOutage, unavailable } from '../../db/errors.ts';
import { StorageUnavailable } from '../storage/types.ts';
import { HttpError, problemBody } from './problem.ts';

/**
 * Every error a client can cause becomes `application/problem+json` (RFC 9457) with a plain
 * `detail`; Fastify's own codes and messages never reach the client. Three places cover it:
 * - the error handler (errors of hooks, validation, body parsing and handlers),
 * - `frameworkErrors` (refusals before routing: a bad percent-escape, an over-long parameter),
 * - `clientError` on the socket (requests Node's HTTP parser refuses: headers too large,
 *   unparseable HTTP, timeouts), answered with a problem document written on the socket.
 */

/** The path of the request, without its query, as the problem's `instance`. */
const instanceOf = (url: string | undefined) => (url ?? '/').split('?')[0] || '/';

function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  instance: string,
  extra: Parameters<typeof problemBody>[3] = {},
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problemBody(status, detail, instance, extra));
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const instance = instanceOf(req.url);
    if (error instanceof HttpError) {
      const headers = (error as HttpError & { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return sendProblem(
        reply,
        error.status,
        error.detail,
        instance,
        error.errors ? { errors: error.errors } : {},
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (error.validationContext ?? 'body');
        errors[field] = [...(errors[field] ?? []), v.message ?? 'Invalid value'];
      }
      const first = Object.entries(errors)[0];
      return sendProblem(
        reply,
        400,
        first ? `${first[0]}: ${first[1][0]}` : serverMessages.validation,
        instance,
        { errors },
      );
    }
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      return sendProblem(reply, status, clientErrorDetail(error), instance);
    }
    // A database or object storage that cannot be reached is an outage, not a bug: 503 with
    // Retry-After.
    const storageOut = error instanceof StorageUnavailable;
    const outage = storageOut ? unavailable() : databaseOutage(error);
    if (outage) {
      req.log.warn(
        { err: error },
        storageOut ? 'object storage unavailable' : 'database unavailable',
      );
      reply.headers(outage.headers);
      return sendProblem(reply, 503, outage.detail, instance);
    }
    req.log.error({ err: error }, 'request failed');
    return sendProblem(reply, 500, serverMessages.internal, instance, {
      requestId: String(req.id),
    });
  });
}

/** Fastify's own client errors (bad JSON, wrong media type, body too large) in plain words. */
export function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return serverMessages.unsupportedContentType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return serverMessages.bodyTooLarge;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return serverMessages.emptyBody;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return serverMessages.invalidJson;
    case 'FST_ERR_BAD_URL':
      return serverMessages.badUrl;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return serverMessages.uriTooLong;
    default:
      // Anything else a plugin refuses: no framework code or message leaks to the client.
      return serverMessages.malformedRequest;
  }
}

/** Fastify's `frameworkErrors` option: refusals before a route is chosen (bad escape, 414). */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendProblem(reply, status, clientErrorDetail(error), instanceOf(req.raw.url));
}

/** The status and detail for a request Node's HTTP parser refused. */
function socketProblem(err: NodeJS.ErrnoException & { rawPacket?: Buffer }) {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, detail: serverMessages.requestTimeout };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line with the headers; an address that alone fills the space is
    // "URI too long", anything else "headers too large".
    const firstLine = err.rawPacket?.indexOf('\r\n') ?? -1;
    const lineLength = firstLine === -1 ? (err.rawPacket?.length ?? 0) : firstLine;
    return lineLength > security.maxUrlLength
      ? { status: 414, detail: serverMessages.uriTooLong }
      : { status: 431, detail: serverMessages.headersTooLarge };
  }
  return { status: 400, detail: serverMessages.malformedHttp };
}

/**
 * Fastify's `clientErrorHandler` (the Node server's `clientError` event): no request object
 * exists, so the problem document is written on the socket as a whole HTTP response, and the
 * connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error, socket: Socket) {
  const e = err as NodeJS.ErrnoException & { rawPacket?: Buffer };
  if (e.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = socketProblem(e);
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(problemBody(status, detail, '/'));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

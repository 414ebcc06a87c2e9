import { STATUS_CODES } from 'node:http';
import { scimMessages } from '@roomscale/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseOutage } from '../../db/errors.ts';
import { HttpError } from '../../platform/http/problem.ts';

/** RFC 7644 §3.12 `scimType`s we answer. */
export type ScimType =
  | 'uniqueness'
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'mutability'
  | 'tooMany';

/** An error of the SCIM protocol: answered in SCIM's error body, not as a problem document. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

export const scimErrorBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(status),
  ...(scimType && { scimType }),
  detail,
});

/**
 * Every error in the SCIM scope in SCIM's error body (RFC 7644 §3.12): our own ScimErrors,
 * scimmy's (which carry status and scimType), the rate limit's 429, body and validation errors
 * (400 invalidSyntax / invalidValue). Unexpected errors are logged and answered 500 without
 * their message.
 */
export function installScimErrors(scope: FastifyInstance) {
  scope.setErrorHandler((error: FastifyError, req, reply) => {
    const send = (status: number, detail: string, scimType?: ScimType) => {
      if (status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
      return reply
        .code(status)
        .type(SCIM_CONTENT_TYPE)
        .send(scimErrorBody(status, detail, scimType));
    };
    if (error instanceof ScimError) return send(error.status, error.detail, error.scimType);
    const scimmy = error as unknown as { name?: string; status?: number; scimType?: string };
    if (scimmy.name === 'SCIMError' && typeof scimmy.status === 'number') {
      return send(scimmy.status, error.message, scimmy.scimType as ScimType | undefined);
    }
    if (error instanceof HttpError) {
      const headers = (error as HttpError & { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      const detail = error.status === 429 ? scimMessages.tooManyRequests : error.detail;
      return send(error.status, detail, error.status === 400 ? 'invalidValue' : undefined);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      return send(400, `${field}: ${first?.message ?? 'invalid'}`, 'invalidValue');
    }
    const status = error.statusCode;
    if (status === 415) return send(415, scimMessages.unsupportedMediaType);
    if (status === 400 && error.code?.startsWith('FST_ERR_CTP')) {
      return send(400, scimMessages.invalidSyntax, 'invalidSyntax');
    }
    if (status && status >= 400 && status < 500)
      return send(status, STATUS_CODES[status] ?? 'Error');
    const outage = databaseOutage(error);
    if (outage) {
      reply.headers(outage.headers);
      return send(503, outage.detail);
    }
    req.log.error({ err: error }, 'SCIM request failed');
    return send(500, scimMessages.internal);
  });
}

import type { Problem } from '@roomscale/shared';
import { serverMessages } from '@roomscale/shared';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * An error a service raises on purpose. It becomes an RFC 9457 problem response; `detail` is one
 * of the spec's known server messages where one applies, so the web's error mapper can translate it.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);
/** One field's rule failed: the message goes to `errors[field]` and to `detail`. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { [field]: [message] });
export const unauthorized = () => new HttpError(401, serverMessages.unauthorized);
export const forbidden = (detail: string = serverMessages.forbidden) => new HttpError(403, detail);
export const notFound = (detail: string = serverMessages.notFound) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

export function problemBody(
  status: number,
  detail: string | undefined,
  instance: string,
  extra: Partial<Problem> = {},
): Problem {
  return {
    type:
      status === 400 && extra.errors ? 'https://roomscale.dev/problems/validation' : 'about:blank',
    title: titles[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    instance,
    ...extra,
  };
}

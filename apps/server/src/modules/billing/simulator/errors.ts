/**
 * Errors in Stripe's shape (`{ error: { type, code, message, param } }`), which the SDK turns
 * into its own error classes (StripeInvalidRequestError, StripeCardError…).
 */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  body() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new SimError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });

export const invalid = (message: string, param?: string) =>
  new SimError(400, 'invalid_request_error', message, {
    code: 'parameter_invalid',
    ...(param ? { param } : {}),
  });

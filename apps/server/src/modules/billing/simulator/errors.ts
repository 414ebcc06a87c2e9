/**
 * Errors in Stripe's shape (`{ error: { type, code, message, param, doc_url } }`), which the SDK
 * turns into its own error classes by status (StripeInvalidRequestError, StripeCardError…). The
 * types and codes are Stripe's documented ones (https://docs.stripe.com/error-codes; the SDK's
 * `PaymentIntent.LastPaymentError.Code`), held to the SDK's list by shapes.test.ts.
 */
export type ErrorType = 'invalid_request_error' | 'card_error' | 'api_error';

export type ErrorCode =
  | 'parameter_missing'
  | 'parameter_invalid_integer'
  | 'parameter_invalid_empty'
  | 'resource_missing'
  | 'tax_id_invalid'
  | 'card_declined'
  | 'incorrect_number'
  | 'incorrect_cvc'
  | 'expired_card'
  | 'invalid_canceled_subscription_fields'
  | 'invoice_not_editable'
  | 'invoice_payment_intent_requires_action'
  | 'payment_intent_unexpected_state'
  | 'setup_intent_unexpected_state'
  | 'payment_intent_authentication_failure'
  | 'setup_intent_authentication_failure';

export type ErrorExtra = {
  code?: ErrorCode;
  param?: string;
  decline_code?: string;
  /** A card error of a payment: the payment intent as it is after the attempt. */
  payment_intent?: object;
  payment_method?: object;
};

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly extra: ErrorExtra = {},
    /**
     * The request's changes stay although it fails, as Stripe's do when a payment is attempted
     * and declined (the attempt, the intent and its events are recorded).
     */
    readonly keepChanges = false,
  ) {
    super(message);
  }

  body() {
    const { code } = this.extra;
    return {
      error: {
        type: this.type,
        message: this.message,
        ...this.extra,
        ...(code
          ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` }
          : {}),
      },
    };
  }
}

/** Stripe's answer to a secret key it does not know (401, an invalid request, as Stripe's). */
export const badKey = (key: string) =>
  new SimError(
    401,
    'invalid_request_error',
    `Invalid API Key provided: ${key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '****'}`,
  );

/** A parameter that must be given (`Missing required param: customer.`). */
export const paramMissing = (param: string) =>
  new SimError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });

/** A parameter that must be an integer (or one in range). */
export const invalidInteger = (param: string, value: unknown, message?: string) =>
  new SimError(400, 'invalid_request_error', message ?? `Invalid integer: ${String(value)}`, {
    code: 'parameter_invalid_integer',
    param,
  });

/** An object that does not exist (404); an empty id is a parameter not given. */
export const missing = (kind: string, id: string, param = 'id') =>
  id === ''
    ? paramMissing(param)
    : new SimError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
        code: 'resource_missing',
        param,
      });

/**
 * Any other invalid request. Stripe gives a code only where one of its documented codes fits;
 * most state and value errors carry a message and the parameter alone.
 */
export const invalid = (message: string, param?: string, code?: ErrorCode) =>
  new SimError(400, 'invalid_request_error', message, {
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

type RefusedIntent = {
  status: string;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
};

/**
 * A payment that was attempted and not made (`POST /v1/invoices/{id}/pay`), as Stripe answers
 * it: 402, a card error with the decline's code, `decline_code` and message, the payment
 * intent as it is after the attempt, and the attempt kept (the intent, the invoice's attempt
 * and their events).
 */
export function paymentRefused(intent: (RefusedIntent & object) | null) {
  const withIntent = intent ? { payment_intent: intent } : {};
  if (intent?.status === 'requires_action')
    return new SimError(
      402,
      'card_error',
      'This payment requires additional user action before it can be completed successfully.',
      { code: 'invoice_payment_intent_requires_action', ...withIntent },
      true,
    );
  const e = intent?.last_payment_error;
  return new SimError(
    402,
    'card_error',
    e?.message ?? 'Your card was declined.',
    {
      code: 'card_declined',
      decline_code: e?.decline_code ?? 'generic_decline',
      ...withIntent,
    },
    true,
  );
}

/** Where the payment provider posts its events (configure this address in Stripe's dashboard). */
export const WEBHOOK_PATH = '/api/StripeWebhooks';

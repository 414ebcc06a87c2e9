import {
  billingCustomer,
  billingCustomerEdit,
  licensingSummary,
  pricePreview,
  pricePreviewRequest,
  providerDetails,
  setupSecret,
  simulatorConfirmPayment,
  simulatorConfirmSetup,
  simulatorIntent,
  simulatorIntentQuery,
  subscriptionDetail,
  subscriptionUpdate,
  subscriptionUpdateResult,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Billing'];

/**
 * Billing (part2 §7 Billing, docs/billing.md): the team's customer at the payment provider, its
 * subscription and cards. Team admins only; changes need a self-managed team. The webhook that
 * brings the provider's changes back is in apps/server/src/modules/billing/routes.ts.
 */
export const billingApi = {
  details: endpoint('GET', '/api/StripeCustomers/Details', {
    tags,
    security,
    summary:
      "The payment provider's publishable key, the product and its weekly, monthly and yearly prices",
    response: { 200: providerDetails },
  }),

  customer: endpoint('GET', '/api/StripeCustomers/:organizationId', {
    tags,
    security,
    summary:
      "The team's customer: billing details, payment method and subscription (404 without one)",
    params: teamParams,
    response: { 200: billingCustomer },
  }),

  saveCustomer: endpoint('POST', '/api/StripeCustomers/:organizationId', {
    tags,
    security,
    summary: "Create the team's customer or update its billing details (self-managed teams)",
    params: teamParams,
    body: billingCustomerEdit,
    response: { 200: billingCustomer },
  }),

  updateSubscription: endpoint('POST', '/api/StripeCustomers/:organizationId/Subscription', {
    tags,
    security,
    summary:
      'Create, upgrade (now, prorated) or downgrade (at the period end) the subscription; answers the payment intent the browser may need to confirm',
    params: teamParams,
    body: subscriptionUpdate,
    response: { 200: subscriptionUpdateResult },
  }),

  cancelSubscription: endpoint('DELETE', '/api/StripeCustomers/:organizationId/Subscription', {
    tags,
    security,
    summary: 'Cancel the subscription at the end of its period',
    params: teamParams,
    response: { 200: subscriptionDetail },
  }),

  previewPrice: endpoint('POST', '/api/StripeCustomers/:organizationId/Subscription/Price', {
    tags,
    security,
    summary: 'The estimated price of an order: total, items, discount, tax and the tax rate',
    params: teamParams,
    body: pricePreviewRequest,
    response: { 200: pricePreview },
  }),

  setupSecret: endpoint('GET', '/api/StripeCustomers/:organizationId/PaymentMethod/Secret', {
    tags,
    security,
    summary: 'A setup intent for a new card; its client secret for the card form',
    params: teamParams,
    response: { 200: setupSecret },
  }),

  licensing: endpoint('GET', '/api/Organizations/:organizationId/subscription', {
    tags,
    security,
    summary: "The team's licensing summary (any member)",
    params: teamParams,
    response: { 200: licensingSummary },
  }),
};

const simulatorTags = ['Billing simulator'];
const intentParams = z.object({ intentId: z.string().max(255) });

/**
 * The built-in payment simulator's browser calls, in place of Stripe.js when Stripe is not
 * configured (docs/billing.md). Public: the intent's client secret is the proof.
 */
export const billingSimulatorApi = {
  confirmSetup: endpoint('POST', '/api/BillingSimulator/SetupIntents/:intentId/Confirm', {
    tags: simulatorTags,
    summary: 'Save a card on a setup intent (may need 3-D Secure)',
    params: intentParams,
    body: simulatorConfirmSetup,
    response: { 200: simulatorIntent },
  }),

  setupIntent: endpoint('GET', '/api/BillingSimulator/SetupIntents/:intentId', {
    tags: simulatorTags,
    summary: 'A setup intent after the browser returns from authentication',
    params: intentParams,
    querystring: simulatorIntentQuery,
    response: { 200: simulatorIntent },
  }),

  confirmPayment: endpoint('POST', '/api/BillingSimulator/PaymentIntents/:intentId/Confirm', {
    tags: simulatorTags,
    summary: 'Pay a payment intent with its card or another saved card (may need 3-D Secure)',
    params: intentParams,
    body: simulatorConfirmPayment,
    response: { 200: simulatorIntent },
  }),

  paymentIntent: endpoint('GET', '/api/BillingSimulator/PaymentIntents/:intentId', {
    tags: simulatorTags,
    summary: 'A payment intent after the browser returns from authentication',
    params: intentParams,
    querystring: simulatorIntentQuery,
    response: { 200: simulatorIntent },
  }),
};

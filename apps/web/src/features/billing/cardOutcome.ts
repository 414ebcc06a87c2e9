import type { ProviderDetails } from '@roomscale/shared';
import type { ReactNode } from 'react';

/**
 * What a card payment provider offers the confirm page (cardProvider.ts loads the one that
 * applies), in a module of its own: each provider implements it without importing the loader
 * that imports them.
 */

export type CardOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'failed'; message: string }
  /** The browser is on its way to the bank's authentication page; it returns to `returnUrl`. */
  | { kind: 'redirected' };

/** A complete card as its provider's form holds it: only that provider reads it. */
export type EnteredCard = { readonly provider: ProviderDetails['provider'] };

export type CardFieldsProps = {
  disabled: boolean;
  /** The card once it is complete, null while it is not. */
  onChange: (card: EnteredCard | null) => void;
};

export type CardProvider = {
  kind: ProviderDetails['provider'];
  /** The card number, expiry and security code fields. */
  fields(props: CardFieldsProps): ReactNode;
  /** Saves the entered card on a setup intent; answers its payment method. */
  confirmSetup(
    clientSecret: string,
    card: EnteredCard,
    holderName: string,
    returnUrl: string,
  ): Promise<CardOutcome<string>>;
  /** Pays a payment intent with a saved payment method (kept for off-session renewals). */
  confirmPayment(
    clientSecret: string,
    paymentMethodId: string | null,
    returnUrl: string,
  ): Promise<CardOutcome<null>>;
  /** A setup intent the browser came back to from authentication: the card saved on it. */
  setupAfterReturn(intentId: string, clientSecret: string): Promise<CardOutcome<string>>;
  /** A payment intent the browser came back to from authentication: paid or not. */
  paymentAfterReturn(intentId: string, clientSecret: string): Promise<CardOutcome<null>>;
};

export const done = <T>(value: T): CardOutcome<T> => ({ kind: 'done', value });
export const failed = (message: string): CardOutcome<never> => ({ kind: 'failed', message });
export const redirected: CardOutcome<never> = { kind: 'redirected' };

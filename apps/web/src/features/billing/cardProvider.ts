import type { ProviderDetails } from '@roomscale/shared';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * The card payment provider behind the confirm page (part2 §4, docs/billing.md): Stripe.js with
 * its card element when Stripe is configured, otherwise the built-in simulator with a card form
 * of our own. The page talks only to this interface; each provider's module loads when it is
 * needed, so the simulator path never loads Stripe.js.
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

type ProviderChoice = Pick<ProviderDetails, 'provider' | 'publishableKey'>;

export function loadCardProvider({ provider, publishableKey }: ProviderChoice) {
  return provider === 'stripe'
    ? import('./stripeProvider.tsx').then((m) => m.stripeProvider(publishableKey))
    : import('./simulatorProvider.tsx').then((m) => m.simulatorProvider);
}

/** The provider of `details`, once its module has loaded (null before, or without details). */
export function useCardProvider(details: ProviderChoice | undefined) {
  const [state, setState] = useState<{ provider: CardProvider | null; error: unknown }>({
    provider: null,
    error: null,
  });
  const provider = details?.provider;
  const publishableKey = details?.publishableKey ?? '';
  useEffect(() => {
    if (!provider) return;
    let live = true;
    loadCardProvider({ provider, publishableKey }).then(
      (loaded) => live && setState({ provider: loaded, error: null }),
      (error: unknown) => live && setState({ provider: null, error }),
    );
    return () => {
      live = false;
    };
  }, [provider, publishableKey]);
  return state;
}

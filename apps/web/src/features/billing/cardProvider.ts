import type { ProviderDetails } from '@roomscale/shared';
import { useEffect, useState } from 'react';
import type { CardProvider } from './cardOutcome.ts';

/**
 * The card payment provider behind the confirm page (part2 §4, docs/billing.md): Stripe.js with
 * its card element when Stripe is configured, otherwise the built-in simulator with a card form
 * of our own. The page talks only to the interface of cardOutcome.ts; each provider's module
 * loads when it is needed, so the simulator path never loads Stripe.js.
 */

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

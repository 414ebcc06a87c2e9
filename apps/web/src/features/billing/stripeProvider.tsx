import { Input, useMantineTheme } from '@mantine/core';
import { billingMessages, billingTexts } from '@roomscale/shared';
import { CardElement, Elements, useElements } from '@stripe/react-stripe-js';
import type { PaymentIntentResult, SetupIntentResult, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import {
  type CardFieldsProps,
  type CardOutcome,
  type CardProvider,
  done,
  type EnteredCard,
  failed,
} from './cardOutcome.ts';

/**
 * Stripe (docs/billing.md): Stripe.js with its card element. This module is loaded only when the
 * server's provider is Stripe, and Stripe.js itself only when the card form or a confirmation
 * first needs it. 3-D Secure runs in Stripe's own dialog on this page.
 */

type StripeCard = EnteredCard & { provider: 'stripe'; element: StripeCardElement };

const idOf = (pm: string | { id: string } | null | undefined) =>
  typeof pm === 'string' ? pm : (pm?.id ?? null);

function setupOutcome(result: SetupIntentResult): CardOutcome<string> {
  if (result.error) return failed(result.error.message ?? billingMessages.cardDeclined);
  const pm = idOf(result.setupIntent.payment_method);
  return result.setupIntent.status === 'succeeded' && pm
    ? done(pm)
    : failed(billingMessages.authenticationFailed);
}

function paymentOutcome(result: PaymentIntentResult): CardOutcome<null> {
  if (result.error) return failed(result.error.message ?? billingMessages.cardDeclined);
  const { status } = result.paymentIntent;
  return status === 'succeeded' || status === 'processing'
    ? done(null)
    : failed(billingMessages.authenticationFailed);
}

export function stripeProvider(publishableKey: string): CardProvider {
  let loading: ReturnType<typeof loadStripe> | undefined;
  const stripe = () => {
    loading ??= loadStripe(publishableKey);
    return loading;
  };
  const withStripe = async <T,>(
    run: (s: NonNullable<Awaited<ReturnType<typeof loadStripe>>>) => Promise<CardOutcome<T>>,
  ): Promise<CardOutcome<T>> => {
    try {
      const s = await stripe();
      return s ? await run(s) : failed(billingMessages.cardDeclined);
    } catch (e) {
      return failed(e instanceof Error ? e.message : billingMessages.cardDeclined);
    }
  };

  return {
    kind: 'stripe',
    fields: (props) => (
      <Elements stripe={stripe()}>
        <StripeCardField {...props} />
      </Elements>
    ),
    confirmSetup: (clientSecret, card, holderName) =>
      withStripe(async (s) =>
        setupOutcome(
          await s.confirmCardSetup(clientSecret, {
            payment_method: {
              card: (card as StripeCard).element,
              billing_details: { name: holderName },
            },
          }),
        ),
      ),
    confirmPayment: (clientSecret, paymentMethodId, returnUrl) =>
      withStripe(async (s) =>
        paymentOutcome(
          await s.confirmCardPayment(clientSecret, {
            ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
            setup_future_usage: 'off_session',
            return_url: returnUrl,
          }),
        ),
      ),
    setupAfterReturn: (_intentId, clientSecret) =>
      withStripe(async (s) => setupOutcome(await s.retrieveSetupIntent(clientSecret))),
    paymentAfterReturn: (_intentId, clientSecret) =>
      withStripe(async (s) => paymentOutcome(await s.retrievePaymentIntent(clientSecret))),
  };
}

/** Stripe's card element (number, expiry, security code in one field), styled like our inputs. */
function StripeCardField({ disabled, onChange }: CardFieldsProps) {
  const elements = useElements();
  const theme = useMantineTheme();
  const [error, setError] = useState<string | undefined>();
  return (
    <Input.Wrapper label={billingTexts.paymentCard.card} required error={error}>
      <Input
        component="div"
        pt={10}
        mih={36}
        error={Boolean(error)}
        aria-disabled={disabled || undefined}
      >
        <CardElement
          options={{
            disabled,
            hidePostalCode: true,
            style: {
              base: { fontSize: '14px', fontFamily: theme.fontFamily, color: theme.black },
              invalid: { color: theme.colors.red[7] },
            },
          }}
          onChange={(e) => {
            setError(e.error?.message);
            const element = elements?.getElement(CardElement);
            const card: StripeCard | null =
              e.complete && element ? { provider: 'stripe', element } : null;
            onChange(card);
          }}
        />
      </Input>
    </Input.Wrapper>
  );
}

import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { billingMessages, billingTexts, type SimulatorIntent } from '@roomscale/shared';
import { billingSimulatorApi } from '@roomscale/shared/contract';
import { IconFlask } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { serverMessage } from '../../api/errors.ts';
import {
  type CardFieldsProps,
  type CardOutcome,
  type CardProvider,
  done,
  type EnteredCard,
  failed,
  redirected,
} from './cardOutcome.ts';
import { type IntentKind, intentIdOf, rememberSecret } from './cardReturn.ts';
import {
  cardNumberError,
  cvcError,
  digitsOf,
  expiryError,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from './simulatorCard.ts';

/**
 * The built-in payment simulator (docs/billing.md), in place of Stripe.js when no Stripe key is
 * configured: our own card form, and the simulator's browser calls to confirm intents. A card
 * that needs 3-D Secure sends the browser to the simulator's authentication page.
 */

type SimulatorCard = EnteredCard & {
  provider: 'simulator';
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
};

const t = billingTexts.confirm;

function SimulatorCardFields({ disabled, onChange }: CardFieldsProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState({ number: false, expiry: false, cvc: false });
  const errors = {
    number: cardNumberError(number),
    expiry: expiryError(expiry),
    cvc: cvcError(cvc),
  };
  const complete = !errors.number && !errors.expiry && !errors.cvc;
  const exp = parseExpiry(expiry);

  // The page learns of the card only when it is complete, and again when it no longer is.
  const card: SimulatorCard | null =
    complete && exp
      ? {
          provider: 'simulator',
          number: digitsOf(number),
          expMonth: exp.month,
          expYear: exp.year,
          cvc,
        }
      : null;
  const key = card ? `${card.number}|${card.expMonth}|${card.expYear}|${card.cvc}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the card is reported when its key changes
  useEffect(() => onChange(card), [key]);

  const touch = (field: keyof typeof touched) => () => setTouched((s) => ({ ...s, [field]: true }));
  return (
    <>
      <Alert variant="light" color="grape" icon={<IconFlask size={18} aria-hidden />}>
        {t.simulatorNotice}
      </Alert>
      <TextInput
        label={t.cardNumber}
        value={number}
        onChange={(e) => setNumber(formatCardNumber(e.currentTarget.value))}
        onBlur={touch('number')}
        error={touched.number && errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        required
        disabled={disabled}
      />
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          label={t.expiry}
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.currentTarget.value))}
          onBlur={touch('expiry')}
          error={touched.expiry && errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          required
          disabled={disabled}
        />
        <TextInput
          label={t.cvc}
          value={cvc}
          onChange={(e) => setCvc(digitsOf(e.currentTarget.value).slice(0, 4))}
          onBlur={touch('cvc')}
          error={touched.cvc && errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          required
          disabled={disabled}
        />
      </SimpleGrid>
    </>
  );
}

/** What an intent's answer means for the page; a card that needs 3-D Secure leaves the page. */
function outcomeOf(intent: SimulatorIntent, kind: IntentKind, clientSecret: string) {
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    return done(intent.paymentMethodId);
  }
  if (intent.status === 'requires_action' && intent.redirectUrl) {
    rememberSecret(kind, clientSecret);
    window.location.assign(intent.redirectUrl);
    return redirected;
  }
  return failed(
    intent.error?.message ??
      (kind === 'setup' ? billingMessages.cardDeclined : billingMessages.authenticationFailed),
  );
}

/** A refused call (an unknown intent, a bad card) is a provider error like a declined card. */
async function attempt<T>(run: () => Promise<CardOutcome<T>>): Promise<CardOutcome<T>> {
  try {
    return await run();
  } catch (e) {
    return failed(serverMessage(e));
  }
}

/** A setup's outcome needs the card it saved. */
function withPaymentMethod(outcome: CardOutcome<string | null>): CardOutcome<string> {
  if (outcome.kind !== 'done') return outcome;
  return outcome.value ? done(outcome.value) : failed(billingMessages.cardDeclined);
}

const nothing = (outcome: CardOutcome<unknown>): CardOutcome<null> =>
  outcome.kind === 'done' ? done(null) : outcome;

export const simulatorProvider: CardProvider = {
  kind: 'simulator',
  fields: (props) => <SimulatorCardFields {...props} />,

  confirmSetup: (clientSecret, card, holderName, returnUrl) =>
    attempt(async () => {
      const { number, expMonth, expYear, cvc } = card as SimulatorCard;
      const intent = await call(billingSimulatorApi.confirmSetup, {
        params: { intentId: intentIdOf(clientSecret) },
        body: {
          clientSecret,
          returnUrl,
          card: { number, expMonth, expYear, cvc, name: holderName },
        },
      });
      return withPaymentMethod(outcomeOf(intent, 'setup', clientSecret));
    }),

  confirmPayment: (clientSecret, paymentMethodId, returnUrl) =>
    attempt(async () => {
      const intent = await call(billingSimulatorApi.confirmPayment, {
        params: { intentId: intentIdOf(clientSecret) },
        body: { clientSecret, paymentMethodId, returnUrl },
      });
      return nothing(outcomeOf(intent, 'payment', clientSecret));
    }),

  setupAfterReturn: (intentId, clientSecret) =>
    attempt(async () => {
      const intent = await call(billingSimulatorApi.setupIntent, {
        params: { intentId },
        query: { clientSecret },
      });
      return withPaymentMethod(afterReturn(intent));
    }),

  paymentAfterReturn: (intentId, clientSecret) =>
    attempt(async () => {
      const intent = await call(billingSimulatorApi.paymentIntent, {
        params: { intentId },
        query: { clientSecret },
      });
      return nothing(afterReturn(intent));
    }),
};

/** After authentication an intent has succeeded or failed; it is never sent back again. */
function afterReturn(intent: SimulatorIntent): CardOutcome<string | null> {
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    return done(intent.paymentMethodId);
  }
  return failed(intent.error?.message ?? billingMessages.authenticationFailed);
}

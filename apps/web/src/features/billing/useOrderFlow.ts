import { billingMessages, billingTexts, type StoredOrder } from '@roomscale/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showError, showSuccess } from '../../components/dialogs.tsx';
import { fetchSetupSecret, reloadBilling, updateSubscription } from './api.ts';
import type { CardProvider, EnteredCard } from './cardOutcome.ts';
import { type CardReturn, confirmReturnUrl, forgetSecret, readCardReturn } from './cardReturn.ts';
import { clearOrder } from './order.ts';

const t = billingTexts.confirm;

/** The payment intent statuses that need the browser: authentication or another card. */
const needsBrowser = (status: string | null) =>
  status === 'requires_action' || status === 'requires_payment_method';

/** How the order is paid: with a saved payment method, or with a new card from the form. */
export type Payment =
  | { kind: 'saved'; paymentMethodId: string }
  | { kind: 'new'; card: EnteredCard; holderName: string };

/**
 * The confirm page's submit flow (part2 §4 Confirm): a new card is saved on a setup intent
 * first; the subscription is then created or changed, and when its payment needs the browser
 * the card payment is confirmed with the provider. A card that needs 3-D Secure may leave the
 * page: coming back, the flow resumes from the intent in the address.
 */
export function useOrderFlow(
  teamId: string,
  order: StoredOrder,
  provider: CardProvider | null,
  /** The provider's module could not be loaded: a return from authentication cannot resume. */
  providerFailed = false,
) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // Read once: the address is cleaned right after, so a reload does not repeat the payment.
  const [returned] = useState(() => readCardReturn(new URLSearchParams(location.search)));
  const resumed = useRef(false);

  const complete = () => {
    clearOrder();
    forgetSecret();
    void reloadBilling(client, teamId);
    navigate('/team/subscription', { replace: true });
    void showSuccess(t.completedTitle, t.completed);
  };

  /** The provider refused the card: say why; the user may choose another payment method. */
  const cardFailed = (message: string) => {
    forgetSecret();
    setBusy(false);
    void showError(t.cardFailed(message));
  };

  /** Creates or changes the subscription, then pays in the browser when the payment asks. */
  const placeOrder = async (card: CardProvider, paymentMethodId: string | null) => {
    let result: Awaited<ReturnType<typeof updateSubscription>>;
    try {
      result = await updateSubscription(teamId, {
        paymentMethodId,
        priceId: order.priceId,
        quantity: order.usersCount,
      });
    } catch (e) {
      setBusy(false);
      void showError(t.failed(serverMessage(e)));
      return;
    }
    const detail = result.subscriptionDetail;
    if (needsBrowser(detail.subscriptionPaymentIntentStatus)) {
      if (!detail.subscriptionPaymentIntentSecret) {
        cardFailed(billingMessages.authenticationFailed);
        return;
      }
      const paid = await card.confirmPayment(
        detail.subscriptionPaymentIntentSecret,
        result.paymentMethodId ?? paymentMethodId,
        confirmReturnUrl(),
      );
      if (paid.kind === 'redirected') return;
      if (paid.kind === 'failed') {
        cardFailed(paid.message);
        return;
      }
    }
    complete();
  };

  const submit = async (payment: Payment) => {
    if (!provider || busy) return;
    setBusy(true);
    if (payment.kind === 'saved') {
      await placeOrder(provider, payment.paymentMethodId);
      return;
    }
    let clientSecret: string;
    try {
      ({ clientSecret } = await fetchSetupSecret(teamId));
    } catch (e) {
      setBusy(false);
      void showError(t.failed(serverMessage(e)));
      return;
    }
    const setup = await provider.confirmSetup(
      clientSecret,
      payment.card,
      payment.holderName.trim(),
      confirmReturnUrl(),
    );
    if (setup.kind === 'redirected') return;
    if (setup.kind === 'failed') {
      cardFailed(setup.message);
      return;
    }
    await placeOrder(provider, setup.value);
  };

  const resume = async (card: CardProvider, r: CardReturn) => {
    setBusy(true);
    if (!r.clientSecret) {
      // Nothing to read the intent with: the redirect's own status is all there is.
      if (r.kind === 'payment' && r.succeeded) complete();
      else cardFailed(billingMessages.authenticationFailed);
      return;
    }
    if (r.kind === 'setup') {
      const setup = await card.setupAfterReturn(r.intentId, r.clientSecret);
      if (setup.kind === 'done') await placeOrder(card, setup.value);
      else if (setup.kind === 'failed') cardFailed(setup.message);
      return;
    }
    const paid = await card.paymentAfterReturn(r.intentId, r.clientSecret);
    if (paid.kind === 'done') complete();
    else if (paid.kind === 'failed') cardFailed(paid.message);
  };

  const { pathname } = location;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the provider is there
  useEffect(() => {
    if (!provider || !returned || resumed.current) return;
    resumed.current = true;
    navigate(pathname, { replace: true });
    void resume(provider, returned);
  }, [provider]);

  return { submit, busy: busy || (returned !== null && !resumed.current && !providerFailed) };
}

import { Button, Group, LoadingOverlay, SimpleGrid, Stack } from '@mantine/core';
import {
  type BillingCustomer,
  billingTexts,
  orderTypeOf,
  type ProviderDetails,
  type StoredOrder,
} from '@roomscale/shared';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { Section } from '../../components/Section.tsx';
import { useSession } from '../../session/session.ts';
import { useBillingCustomer, useLicensing, usePricePreview, useProviderDetails } from './api.ts';
import type { EnteredCard } from './cardOutcome.ts';
import { useCardProvider } from './cardProvider.ts';
import { billingDate } from './format.ts';
import { EstimatedPrice, OrderSummary } from './OrderSummary.tsx';
import { currentPlan, currentSubscription, intervalOfPrice, readOrder } from './order.ts';
import { type PaymentChoice, PaymentMethodChoice } from './PaymentMethodChoice.tsx';
import { useOrderFlow } from './useOrderFlow.ts';

const t = billingTexts.confirm;

/**
 * /team/subscription/confirm (admins, 'Finalize order', part2 §2 Confirm, §4): the pending order,
 * its estimated price and how it is paid. Without a pending order it goes to the plan page, and
 * when the customer cannot be loaded to the billing details. A team whose subscription is not
 * self-managed cannot order: its admins go back to the overview, which says why.
 */
export function ConfirmPage() {
  const { team } = useSession();
  const teamId = team?.id ?? '';
  const [order] = useState(() => readOrder(teamId));
  const customer = useBillingCustomer(teamId, order !== null);
  const details = useProviderDetails(order !== null);
  const licensing = useLicensing(teamId, order !== null);
  if (!team) return null;
  if (!order) return <Navigate to="/team/subscription/plan" replace />;
  if (licensing.data?.selfManaged === false) return <Navigate to="/team/subscription" replace />;
  if (customer.isError || customer.data === null) {
    return <Navigate to="/team/subscription/customer" replace />;
  }
  const failed = details.error ?? licensing.error;
  if (failed) {
    return (
      <LoadFailed
        title={billingTexts.load.failed}
        error={failed}
        retryLabel={billingTexts.load.retry}
        onRetry={() => {
          if (details.isError) void details.refetch();
          if (licensing.isError) void licensing.refetch();
        }}
      />
    );
  }
  if (!customer.data || !details.data || !licensing.data) return <PageLoader />;
  return (
    <ConfirmOrder teamId={teamId} order={order} customer={customer.data} details={details.data} />
  );
}

function ConfirmOrder({
  teamId,
  order,
  customer,
  details,
}: {
  teamId: string;
  order: StoredOrder;
  customer: BillingCustomer;
  details: ProviderDetails;
}) {
  const interval = intervalOfPrice(details, order.priceId);
  const sub = currentSubscription(customer);
  const orderType = orderTypeOf(currentPlan(sub), {
    interval: interval ?? 'month',
    quantity: order.usersCount,
  });
  const paymentMethodChange = sub !== null && orderType === 'Create';
  const preview = usePricePreview(teamId, order.priceId, order.usersCount);
  const { provider, error: providerError } = useCardProvider(details);
  const flow = useOrderFlow(teamId, order, provider, providerError !== null);
  const savedCard = customer.paymentMethodId && customer.paymentCardLast4 ? customer : null;
  // A payment method change is about a new card; any other order pays with the saved one.
  const [choice, setChoice] = useState<PaymentChoice>(
    savedCard && !paymentMethodChange ? 'saved' : 'new',
  );
  const [holderName, setHolderName] = useState('');
  const [card, setCard] = useState<EnteredCard | null>(null);

  // A price the provider no longer offers: choose again.
  if (!interval) return <Navigate to="/team/subscription/plan" replace />;

  const ready =
    provider !== null &&
    !flow.busy &&
    (choice === 'saved'
      ? Boolean(savedCard?.paymentMethodId)
      : card !== null && holderName.trim() !== '');

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    if (choice === 'saved' && savedCard?.paymentMethodId) {
      void flow.submit({ kind: 'saved', paymentMethodId: savedCard.paymentMethodId });
    } else if (card) {
      void flow.submit({ kind: 'new', card, holderName });
    }
  };

  const downgradeDate = sub?.currentSubscriptionPeriodEnd ?? preview.data?.effectiveAt ?? null;
  return (
    <Section id="billing-confirm-title" title={billingTexts.titles.confirm}>
      <form noValidate onSubmit={onSubmit} aria-busy={flow.busy || undefined}>
        <Stack gap="lg" pos="relative">
          <LoadingOverlay
            visible={flow.busy}
            zIndex={5}
            overlayProps={{ blur: 1 }}
            loaderProps={{ 'aria-label': t.processing } as object}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="lg">
              <OrderSummary
                users={order.usersCount}
                interval={interval}
                orderType={orderType}
                paymentMethodChange={paymentMethodChange}
                downgradeDate={downgradeDate ? billingDate(downgradeDate) : null}
              />
              <EstimatedPrice customer={customer} preview={preview.data} error={preview.error} />
            </Stack>
            <PaymentMethodChoice
              customer={customer}
              choice={choice}
              onChoice={setChoice}
              provider={provider}
              providerError={providerError}
              holderName={holderName}
              onHolderName={setHolderName}
              onCard={setCard}
              disabled={flow.busy}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button
              component={Link}
              to={paymentMethodChange ? '/team/subscription' : '/team/subscription/plan'}
              variant="default"
            >
              {t.back}
            </Button>
            <Button type="submit" disabled={!ready} loading={flow.busy}>
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

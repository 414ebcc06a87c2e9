import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type BillingCustomer, billingTexts, type LicensingSummary } from '@roomscale/shared';
import { IconCreditCard, IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showConfirm, showError } from '../../components/dialogs.tsx';
import { Section } from '../../components/Section.tsx';
import { providerDetailsQuery, useCancelSubscription } from './api.ts';
import { BillingAddress, PaymentMethodSummary, SubscriptionSummary } from './CustomerSummary.tsx';
import { currentSubscription, paymentMethodOrder, writeOrder } from './order.ts';

const b = billingTexts.billingCard;
const s = billingTexts.subscriptionCard;
const p = billingTexts.paymentCard;
const c = billingTexts.cancel;

/** The overview's billing card: the details on invoices; edit or add them when self-managed. */
export function BillingDetailsCard({
  customer,
  selfManaged,
}: {
  customer: BillingCustomer | null;
  selfManaged: boolean;
}) {
  return (
    <Section
      id="billing-details-title"
      title={b.title}
      actions={
        selfManaged && (
          <Button
            component={Link}
            to="/team/subscription/customer"
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            {customer ? b.edit : b.add}
          </Button>
        )
      }
    >
      {customer ? <BillingAddress customer={customer} /> : <Text size="sm">{b.empty}</Text>}
    </Section>
  );
}

/**
 * The overview's subscription card (part2 §2, §4): the running subscription or why there is
 * none, manual licenses, and — for a self-managed team — cancel and manage.
 */
export function SubscriptionCard({
  teamId,
  customer,
  licensing,
}: {
  teamId: string;
  customer: BillingCustomer | null;
  licensing: LicensingSummary;
}) {
  const cancel = useCancelSubscription(teamId);
  const sub = currentSubscription(customer);
  const manual = licensing.manualLicenseCount;
  const canCancel =
    sub !== null &&
    licensing.selfManaged &&
    !sub.subscriptionHasUpcomingCancel &&
    (sub.status === null || ['active', 'trialing', 'past_due'].includes(sub.status));

  const onCancel = async () => {
    const confirmed = await showConfirm({
      title: c.title,
      content: c.confirm,
      confirmLabel: c.yes,
      cancelLabel: c.no,
      danger: true,
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync();
    } catch (e) {
      void showError(c.failed(serverMessage(e)));
      return;
    }
    notifications.show({ color: 'teal', message: c.done });
  };

  return (
    <Section id="billing-subscription-title" title={s.title}>
      <Stack gap="md">
        {sub ? (
          <SubscriptionSummary subscription={sub} />
        ) : (
          manual === 0 && <Text size="sm">{s.none}</Text>
        )}
        {manual > 0 && <Text size="sm">{s.awarded(manual)}</Text>}
        {sub && licensing.selfManaged && (
          <Group gap="sm">
            <Button component={Link} to="/team/subscription/plan" size="xs">
              {s.manage}
            </Button>
            {canCancel && (
              <Button
                variant="default"
                color="red"
                size="xs"
                onClick={() => void onCancel()}
                loading={cancel.isPending}
                aria-haspopup="dialog"
              >
                {s.cancel}
              </Button>
            )}
          </Group>
        )}
        {!licensing.selfManaged && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {s.providerManaged}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/**
 * The overview's payment method card. 'Change payment method' stores an order for the running
 * plan and opens the confirm page, where the new card is entered (part2 §4).
 */
export function PaymentMethodCard({
  teamId,
  customer,
  selfManaged,
}: {
  teamId: string;
  customer: BillingCustomer | null;
  selfManaged: boolean;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const sub = currentSubscription(customer);

  const onChange = async () => {
    if (!sub) return;
    setOpening(true);
    try {
      const details = await client.fetchQuery(providerDetailsQuery);
      const order = paymentMethodOrder(teamId, details, sub);
      if (!order) return;
      writeOrder(order);
      navigate('/team/subscription/confirm');
    } catch (e) {
      void showError(e);
    } finally {
      setOpening(false);
    }
  };

  return (
    <Section id="billing-payment-title" title={p.title}>
      <Stack gap="md">
        <PaymentMethodSummary customer={customer} />
        {selfManaged && sub?.currentPriceId && (
          <div>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCreditCard size={14} aria-hidden />}
              onClick={() => void onChange()}
              loading={opening}
            >
              {p.change}
            </Button>
          </div>
        )}
      </Stack>
    </Section>
  );
}

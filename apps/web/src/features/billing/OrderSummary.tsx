import { Alert, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type BillingCustomer,
  billingTexts,
  formatEuros,
  type OrderType,
  type PlanInterval,
  type PricePreview,
  taxTreatmentOf,
} from '@roomscale/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { serverMessage } from '../../api/errors.ts';
import classes from './Billing.module.css';
import { keepDatesTogether } from './format.ts';

const t = billingTexts.confirm;

function Line({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} className={classes.amount}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * What is ordered (part2 §2 Confirm, §4): users, plan and the kind of order; a downgrade starts at
 * the end of the current term, an upgrade at once.
 */
export function OrderSummary({
  users,
  interval,
  orderType,
  paymentMethodChange,
  downgradeDate,
}: {
  users: number;
  interval: PlanInterval;
  orderType: OrderType;
  /** The same plan and user count again: only the card changes. */
  paymentMethodChange: boolean;
  downgradeDate: string | null;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="order-summary-title">
      <Title order={3} size="h5" id="order-summary-title">
        {t.summary}
      </Title>
      <Line label={t.usersLabel}>{users}</Line>
      <Line label={t.planLabel}>{billingTexts.plan.intervals[interval]}</Line>
      <Line label={t.orderTypeLabel}>
        {paymentMethodChange ? t.paymentMethodChange : t.orderType[orderType]}
      </Line>
      {orderType === 'Upgrade' && <Note>{t.upgradeNote}</Note>}
      {orderType === 'Downgrade' && downgradeDate && <Note>{t.downgradeNote(downgradeDate)}</Note>}
    </Stack>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="blue" p="xs" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Text size="sm">{keepDatesTogether(children)}</Text>
    </Alert>
  );
}

/**
 * The estimated price (cents → euros): subtotal, discount, VAT at its rate — or reverse-charged
 * for an EU business outside the Netherlands — and the total.
 */
export function EstimatedPrice({
  customer,
  preview,
  error,
}: {
  customer: BillingCustomer;
  preview: PricePreview | undefined;
  error: unknown;
}) {
  const reverseCharged =
    preview?.taxRate === 0 &&
    customer.isBusiness &&
    taxTreatmentOf({
      country: customer.addressCountry,
      isBusiness: customer.isBusiness,
      taxId: customer.taxId,
    }).kind === 'reverseCharge';
  return (
    <Stack gap="xs" component="section" aria-labelledby="order-price-title">
      <Title order={3} size="h5" id="order-price-title">
        {t.estimated}
      </Title>
      {error ? (
        <Alert variant="light" color="red" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t.previewFailed(serverMessage(error))}
        </Alert>
      ) : !preview ? (
        <Stack gap="xs" aria-busy="true" aria-label={t.estimated}>
          <Skeleton height={16} />
          <Skeleton height={16} />
          <Skeleton height={20} />
        </Stack>
      ) : (
        <>
          <Line label={t.subtotal}>{formatEuros(preview.totalItems)}</Line>
          {preview.totalDiscount > 0 && (
            <Line label={t.discount}>−{formatEuros(preview.totalDiscount)}</Line>
          )}
          <Line label={reverseCharged ? t.reverseCharge : t.tax(preview.taxRate)}>
            {formatEuros(preview.totalTax)}
          </Line>
          <Divider />
          <Line label={t.total} strong>
            {formatEuros(preview.total)}
          </Line>
        </>
      )}
    </Stack>
  );
}

import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import {
  type BillingCustomer,
  billingTexts,
  formatEuros,
  type SubscriptionDetail,
} from '@roomscale/shared';
import { IconAlertTriangle, IconCalendarEvent, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { countryName } from './countries.ts';
import {
  billingDate,
  cardBrand,
  invoiceStatusLabel,
  keepDatesTogether,
  paymentTypeLabel,
} from './format.ts';

/**
 * What the payment provider holds about a team (part2 §2 Subscription screens): its billing
 * details, its subscription and its payment method, read-only. The subscription overview puts
 * them in its cards with their actions; the admin team page shows them as they are.
 */

const b = billingTexts.billingCard;
const s = billingTexts.subscriptionCard;
const p = billingTexts.paymentCard;

/** One labelled value of a summary; nothing when there is no value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Name and postal address as on an invoice, then telephone, VAT number and invoice email. */
export function BillingAddress({ customer: c }: { customer: BillingCustomer }) {
  const cityLine = [c.addressPostalCode, c.addressCity].filter(Boolean).join(' ');
  return (
    <Stack gap="sm">
      <address style={{ fontStyle: 'normal' }}>
        {(
          [
            ['name', c.fullName],
            ['line1', c.addressLine1],
            ['line2', c.addressLine2],
            ['city', cityLine],
            ['state', c.addressState],
          ] as const
        )
          .filter(([, line]) => line.trim() !== '')
          .map(([key, line]) => (
            <Text key={key} size="sm" fw={key === 'name' ? 600 : undefined}>
              {line}
            </Text>
          ))}
        <Text size="sm">{countryName(c.addressCountry)}</Text>
      </address>
      <Fact label={b.telephone}>{c.phone}</Fact>
      <Fact label={b.vatNumber}>{c.isBusiness ? c.taxId : null}</Fact>
      <Fact label={b.invoiceEmail}>{c.invoiceEmail}</Fact>
    </Stack>
  );
}

/** Plan name of an interval: week, month, year (part2 §9). */
export const planName = (interval: SubscriptionDetail['currentInterval']) =>
  interval ? billingTexts.plan.per[interval] : '';

/** The running subscription: users and plan, period end, last invoice, what changes next. */
export function SubscriptionSummary({ subscription: sub }: { subscription: SubscriptionDetail }) {
  const upcomingStart = sub.subscriptionUpcomingChangeStart ?? sub.currentSubscriptionPeriodEnd;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {s.users(sub.currentSubscriptionUserCount, planName(sub.currentInterval))}
      </Text>
      <Fact label={s.periodEnd}>
        {sub.currentSubscriptionPeriodEnd ? billingDate(sub.currentSubscriptionPeriodEnd) : null}
      </Fact>
      {sub.latestInvoiceStatus && (
        <Fact label={s.lastInvoice}>
          <Group component="span" gap="xs" wrap="wrap">
            <span>
              {invoiceStatusLabel(sub.latestInvoiceStatus)}
              {sub.latestInvoiceAmount !== null && ` · ${formatEuros(sub.latestInvoiceAmount)}`}
            </span>
            {sub.latestInvoiceUrl && (
              <Anchor href={sub.latestInvoiceUrl} target="_blank" rel="noopener noreferrer">
                <Group component="span" gap={4} wrap="nowrap">
                  {s.viewInvoice}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Group>
        </Fact>
      )}
      {sub.subscriptionHasUpcomingCancel && sub.currentSubscriptionPeriodEnd && (
        <Notice>{s.upcomingCancel(billingDate(sub.currentSubscriptionPeriodEnd))}</Notice>
      )}
      {sub.subscriptionHasUpcomingChange && upcomingStart && (
        <Notice>
          {s.upcomingChange(
            sub.subscriptionUpcomingChangeQuantity ?? sub.currentSubscriptionUserCount,
            planName(sub.subscriptionUpcomingChangeInterval ?? sub.currentInterval),
            billingDate(upcomingStart),
          )}
        </Notice>
      )}
      {sub.status === 'past_due' && (
        <Alert
          color="red"
          variant="light"
          title={s.pastDueTitle}
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          {s.pastDue}
        </Alert>
      )}
    </Stack>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <Alert color="blue" variant="light" icon={<IconCalendarEvent size={18} aria-hidden />} p="xs">
      <Text size="sm">{keepDatesTogether(children)}</Text>
    </Alert>
  );
}

/** The default payment method: none, or its type and, for a card, brand, last 4 and expiry. */
export function PaymentMethodSummary({ customer: c }: { customer: BillingCustomer | null }) {
  if (!c?.paymentType) return <Text size="sm">{p.none}</Text>;
  const isCard = c.paymentType === 'card';
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {paymentTypeLabel(c.paymentType)}
      </Text>
      {isCard && c.paymentCardLast4 && (
        <Text fw={600}>{p.cardNumber(cardBrand(c.paymentCardBrand), c.paymentCardLast4)}</Text>
      )}
      {isCard && c.paymentCardExpiryMonth && c.paymentCardExpiryYear && (
        <Text size="sm">{p.expires(c.paymentCardExpiryMonth, c.paymentCardExpiryYear)}</Text>
      )}
    </Stack>
  );
}

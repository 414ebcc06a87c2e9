import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  type BillingCustomer,
  billingLimits,
  billingMessages,
  billingTexts,
  formatEuros,
  type PlanInterval,
  type ProviderDetails,
  planIntervals,
} from '@roomscale/shared';
import { IconInfoCircle, IconPhoneCall } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Section } from '../../components/Section.tsx';
import { useSession } from '../../session/session.ts';
import { useBillingCustomer, useLicensing, useProviderDetails } from './api.ts';
import classes from './Billing.module.css';
import { currentSubscription, intervalOfPrice, priceOf, readOrder, writeOrder } from './order.ts';

const t = billingTexts.plan;

/**
 * /team/subscription/plan (admins, part2 §2 Plan select, §5 Plan and card): how many users and
 * which interval, priced per user excl. VAT. Next stores the order and opens the confirm page.
 * A team whose subscription is not self-managed cannot order: its admins go back to the
 * overview, which says why.
 */
export function PlanPage() {
  const { team } = useSession();
  const teamId = team?.id ?? '';
  const customer = useBillingCustomer(teamId);
  const details = useProviderDetails();
  const licensing = useLicensing(teamId);
  if (!team) return null;
  if (licensing.data?.selfManaged === false) return <Navigate to="/team/subscription" replace />;
  const failed = customer.error ?? details.error ?? licensing.error;
  if (failed) {
    return (
      <LoadFailed
        title={billingTexts.load.failed}
        error={failed}
        retryLabel={billingTexts.load.retry}
        onRetry={() => {
          if (customer.isError) void customer.refetch();
          if (details.isError) void details.refetch();
          if (licensing.isError) void licensing.refetch();
        }}
      />
    );
  }
  if (!licensing.data) {
    return <Skeleton height={420} radius="md" aria-label={billingTexts.load.loading} />;
  }
  if (customer.data === null) return <Navigate to="/team/subscription/customer" replace />;
  if (!customer.data || !details.data) {
    return <Skeleton height={420} radius="md" aria-label={billingTexts.load.loading} />;
  }
  return <PlanForm teamId={teamId} customer={customer.data} details={details.data} />;
}

/** The plan to start from: the pending order (back from confirm), the running plan, or monthly. */
function initialChoice(teamId: string, customer: BillingCustomer, details: ProviderDetails) {
  const order = readOrder(teamId);
  const ordered = order && intervalOfPrice(details, order.priceId);
  if (order && ordered) return { interval: ordered, users: order.usersCount };
  const sub = currentSubscription(customer);
  if (sub?.currentInterval) {
    return { interval: sub.currentInterval, users: sub.currentSubscriptionUserCount };
  }
  return { interval: 'month' as PlanInterval, users: 1 };
}

function usersError(users: number | string) {
  if (typeof users !== 'number' || !Number.isInteger(users) || users < 1) {
    return billingMessages.usersAboveZero;
  }
  if (users > billingLimits.maxUsers) return billingMessages.usersTooMany;
  return null;
}

function PlanForm({
  teamId,
  customer,
  details,
}: {
  teamId: string;
  customer: BillingCustomer;
  details: ProviderDetails;
}) {
  const navigate = useNavigate();
  const [initial] = useState(() => initialChoice(teamId, customer, details));
  const [users, setUsers] = useState<number | string>(initial.users);
  const [interval, setPlanInterval] = useState<PlanInterval>(initial.interval);
  const sub = currentSubscription(customer);
  const error = usersError(users);
  const count = typeof users === 'number' && !error ? users : 0;
  const price = priceOf(details, interval);
  // Ordering exactly what runs (and nothing is scheduled to change) would change nothing.
  const unchanged =
    sub !== null &&
    sub.currentInterval === interval &&
    sub.currentSubscriptionUserCount === count &&
    !sub.subscriptionHasUpcomingChange &&
    !sub.subscriptionHasUpcomingCancel;

  const next = () => {
    if (error || !price || unchanged) return;
    writeOrder({
      organizationId: teamId,
      subscriptionId: sub?.currentSubscriptionId ?? null,
      productId: details.subscriptionProductId,
      priceId: price.priceId,
      usersCount: count,
    });
    navigate('/team/subscription/confirm');
  };

  return (
    <Box maw={900}>
      <Section id="billing-plan-title" title={billingTexts.titles.plan}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <Stack gap="lg">
            <Text c="dimmed" size="sm">
              {t.intro}
            </Text>
            <NumberInput
              label={t.users}
              value={users}
              onChange={setUsers}
              min={1}
              max={billingLimits.maxUsers}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              required
              maw={240}
              error={error}
            />
            {count >= billingLimits.contactSalesFrom && (
              <Alert
                variant="light"
                color="yellow"
                icon={<IconPhoneCall size={18} aria-hidden />}
                role="status"
              >
                {t.contactSales}
              </Alert>
            )}
            <Radio.Group
              label={t.interval}
              value={interval}
              onChange={(v) => setPlanInterval(v as PlanInterval)}
              required
            >
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt={6}>
                {planIntervals.map((i) => (
                  <PlanOption
                    key={i}
                    interval={i}
                    unitAmount={priceOf(details, i)?.unitAmount ?? null}
                    users={count}
                    current={sub?.currentInterval === i}
                  />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Group gap={6} c="dimmed">
              <IconInfoCircle size={16} aria-hidden />
              <Text size="sm">{t.exclVat}</Text>
            </Group>
            {unchanged && (
              <Text size="sm" c="dimmed" role="status">
                {t.unchanged}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/team/subscription" variant="default">
                {t.back}
              </Button>
              <Button type="submit" disabled={Boolean(error) || !price || unchanged}>
                {t.next}
              </Button>
            </Group>
          </Stack>
        </form>
      </Section>
    </Box>
  );
}

function PlanOption({
  interval,
  unitAmount,
  users,
  current,
}: {
  interval: PlanInterval;
  unitAmount: number | null;
  users: number;
  current: boolean;
}) {
  const per = t.per[interval];
  return (
    <Radio.Card
      value={interval}
      className={classes.option}
      radius="md"
      disabled={unitAmount === null}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4}>
          <Group gap={6}>
            <Text fw={600}>{t.intervals[interval]}</Text>
            {current && (
              <Badge size="xs" variant="light">
                {t.current}
              </Badge>
            )}
          </Group>
          {unitAmount !== null && (
            <>
              <Text size="sm" className={classes.amount}>
                {t.perUser(formatEuros(unitAmount), per)}
              </Text>
              {users > 0 && (
                <Text size="sm" fw={600} className={classes.amount}>
                  {t.total(formatEuros(unitAmount * users), per)}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

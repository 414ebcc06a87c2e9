import {
  Alert,
  Anchor,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { adminTeamsTexts, type BillingCustomer } from '@roomscale/shared';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useBillingCustomer, useProviderDetails } from '../../billing/api.ts';
import {
  BillingAddress,
  PaymentMethodSummary,
  planName,
  SubscriptionSummary,
} from '../../billing/CustomerSummary.tsx';
import { currentSubscription } from '../../billing/order.ts';

const t = adminTeamsTexts.payment;

/**
 * A team's customer as the payment provider has it (part1 §2 Payment-provider section): company
 * details, subscription, payment method, the plan on request, and a link to the customer's page
 * at Stripe when Stripe is the provider.
 */
export function ProviderCustomer({ teamId, customerId }: { teamId: string; customerId: string }) {
  const customer = useBillingCustomer(teamId);
  const details = useProviderDetails();

  if (customer.isError) {
    return (
      <LoadFailed
        title={t.loadFailed}
        error={customer.error}
        retryLabel={t.retry}
        onRetry={() => void customer.refetch()}
      />
    );
  }
  if (customer.data === undefined) {
    return <Skeleton height={160} aria-label={t.loading} />;
  }
  return (
    <Stack gap="md">
      {details.data?.provider === 'stripe' && (
        <Anchor
          href={`https://dashboard.stripe.com/customers/${encodeURIComponent(customerId)}`}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          <Group component="span" gap={4} wrap="nowrap">
            {t.editInProvider}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
      {customer.data === null ? (
        // The server answers 404: the provider does not know the attached id (any more).
        <Alert variant="light" color="yellow" icon={<IconAlertCircle size={18} aria-hidden />}>
          {t.notFound}
        </Alert>
      ) : (
        <CustomerColumns customer={customer.data} />
      )}
    </Stack>
  );
}

function CustomerColumns({ customer }: { customer: BillingCustomer }) {
  const [showPlan, setShowPlan] = useState(false);
  const sub = currentSubscription(customer);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      <Column id="team-payment-company" title={t.company}>
        <BillingAddress customer={customer} />
      </Column>
      <Column id="team-payment-subscription" title={t.subscription}>
        {sub ? (
          <Stack gap="sm">
            <SubscriptionSummary subscription={sub} />
            <Group gap="sm">
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setShowPlan((v) => !v)}
                aria-expanded={showPlan}
              >
                {showPlan ? t.hidePlan : t.showPlan}
              </Button>
              {showPlan && (
                <Text size="sm" fw={600}>
                  {t.plan(planName(sub.currentInterval))}
                </Text>
              )}
            </Group>
          </Stack>
        ) : (
          <Text size="sm">{t.noSubscription}</Text>
        )}
      </Column>
      <Column id="team-payment-method" title={t.paymentMethod}>
        <PaymentMethodSummary customer={customer} />
      </Column>
    </SimpleGrid>
  );
}

function Column({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h6" id={id} c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

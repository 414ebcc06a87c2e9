import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type BillingCustomer, billingTexts, type LicensingSummary } from '@roomscale/shared';
import { IconInfoCircle, IconLicense, IconSparkles, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useSession } from '../../session/session.ts';
import { useBillingCustomer, useLicensing } from './api.ts';
import { BillingDetailsCard, PaymentMethodCard, SubscriptionCard } from './OverviewCards.tsx';
import { currentSubscription } from './order.ts';

const t = billingTexts;

/**
 * /team/subscription (part2 §2 Subscription screens): members are told to ask an admin; admins
 * see where their team stands (header) and its billing details, subscription and payment method.
 */
export function SubscriptionPage() {
  const { team } = useSession();
  if (!team) return null;
  if (team.role !== 'Admin') return <MemberNotice trial={team.licenseType === 'Trial'} />;
  return <AdminOverview teamId={team.id} />;
}

function MemberNotice({ trial }: { trial: boolean }) {
  return (
    <Card padding="lg" component="section" maw={720} aria-labelledby="billing-member-title">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconInfoCircle size={22} />
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={2} size="h4" id="billing-member-title">
            {t.member.contactAdmin}
          </Title>
          {trial && <Text c="dimmed">{t.member.noLicense}</Text>}
          <Anchor component={Link} to="/team/users" fw={500}>
            <Group component="span" gap={6} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              {t.member.teamMembers}
            </Group>
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}

function AdminOverview({ teamId }: { teamId: string }) {
  const licensing = useLicensing(teamId);
  const customer = useBillingCustomer(teamId);

  if (licensing.isError || customer.isError) {
    return (
      <LoadFailed
        title={t.load.failed}
        error={licensing.error ?? customer.error}
        retryLabel={t.load.retry}
        onRetry={() => {
          if (licensing.isError) void licensing.refetch();
          if (customer.isError) void customer.refetch();
        }}
      />
    );
  }
  if (!licensing.data || customer.data === undefined) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t.load.loading}>
        <Skeleton height={110} radius="md" />
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
          <Skeleton height={260} radius="md" />
          <Skeleton height={260} radius="md" />
          <Skeleton height={260} radius="md" />
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <OverviewHeader licensing={licensing.data} customer={customer.data} />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        <BillingDetailsCard customer={customer.data} selfManaged={licensing.data.selfManaged} />
        <SubscriptionCard teamId={teamId} customer={customer.data} licensing={licensing.data} />
        <PaymentMethodCard
          teamId={teamId}
          customer={customer.data}
          selfManaged={licensing.data.selfManaged}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Where the team stands: no licenses and no customer → sign up; a customer but no subscription →
 * choose a plan; otherwise the license count. Actions only for a self-managed team.
 */
function OverviewHeader({
  licensing,
  customer,
}: {
  licensing: LicensingSummary;
  customer: BillingCustomer | null;
}) {
  const h = t.header;
  const sub = currentSubscription(customer);
  const stage =
    licensing.licenseCount === 0 && !customer ? 'signUp' : customer && !sub ? 'choose' : 'manage';
  const action =
    stage === 'signUp'
      ? { to: '/team/subscription/customer', label: h.signUp }
      : stage === 'choose'
        ? { to: '/team/subscription/plan', label: h.choosePlan }
        : null;
  return (
    <Card padding="lg" component="section" aria-labelledby="billing-header-title">
      <Group justify="space-between" align="center" gap="md">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <ThemeIcon
            size={44}
            radius="xl"
            variant="light"
            color={stage === 'manage' ? 'teal' : 'yellow'}
            aria-hidden
          >
            {stage === 'manage' ? <IconLicense size={24} /> : <IconSparkles size={24} />}
          </ThemeIcon>
          <div>
            <Title order={2} size="h3" id="billing-header-title">
              {stage === 'manage' ? h.manage : h.unlock}
            </Title>
            <Text c="dimmed">
              {stage === 'signUp'
                ? h.unlockText
                : stage === 'choose'
                  ? h.choosePlanText
                  : h.licenseCount(licensing.licenseCount)}
            </Text>
          </div>
        </Group>
        {action && licensing.selfManaged && (
          <Button component={Link} to={action.to} size="md">
            {action.label}
          </Button>
        )}
        {stage === 'manage' && licensing.licenseCount > 0 && (
          <Button component={Link} to="/team/users" variant="default">
            {h.assign}
          </Button>
        )}
      </Group>
    </Card>
  );
}

import {
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { adminUsersTexts } from '@roomscale/shared';
import {
  IconArrowRight,
  IconBuilding,
  IconDownload,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PlatformUsageSection } from '../../insight/PlatformUsageSection.tsx';
import { teamsPath, usersPath } from '../paths.ts';
import classes from './AdminOverview.module.css';
import { useAdminOverview } from './api.ts';

const t = adminUsersTexts.overview;
const numbers = new Intl.NumberFormat();

/** Admin overview (part1 §2): user and team counts linking to their lists, and downloads. */
export function AdminOverviewPage() {
  const overview = useAdminOverview();
  const data = overview.data;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t.title}
        </Title>
        <Text c="dimmed" mt={4}>
          {t.intro}
        </Text>
      </div>
      {overview.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={overview.error}
          retryLabel={t.retry}
          onRetry={() => overview.refetch()}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 3 }}
          spacing="md"
          aria-busy={overview.isPending || undefined}
        >
          <Tile
            icon={IconUsers}
            label={t.users}
            hint={t.usersHint}
            count={data?.usersCount}
            to={usersPath}
          />
          <Tile
            icon={IconBuilding}
            label={t.teams}
            hint={t.teamsHint}
            count={data?.organizationsCount}
            to={teamsPath}
          />
          <Tile
            icon={IconDownload}
            label={t.downloads}
            hint={t.downloadsHint}
            count={data?.downloadsCount}
          />
        </SimpleGrid>
      )}
      {overview.isPending && <VisuallyHidden role="status">{t.loading}</VisuallyHidden>}
      <PlatformUsageSection />
    </Stack>
  );
}

function Tile({
  icon: Icon,
  label,
  hint,
  count,
  to,
}: {
  icon: TablerIcon;
  label: string;
  hint: string;
  /** Undefined while loading. */
  count: number | undefined;
  /** The list the count opens; a count without a list is not a link. */
  to?: string;
}) {
  const body = (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{label}</Text>
        </Group>
        {to && <IconArrowRight size={18} aria-hidden />}
      </Group>
      {count === undefined ? (
        <Skeleton height={36} width={90} mt="md" />
      ) : (
        <Text fz={36} fw={700} mt="md" className={classes.count}>
          {numbers.format(count)}
        </Text>
      )}
      <Text size="sm" c="dimmed" mt={4}>
        {hint}
      </Text>
    </>
  );
  return to ? (
    <Card padding="lg" component={Link} to={to} className={classes.tile}>
      {body}
    </Card>
  ) : (
    <Card padding="lg" className={classes.tile}>
      {body}
    </Card>
  );
}

import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { insightTexts, type TeamUserList, teamTexts, teamUserLimits } from '@roomscale/shared';
import { IconInfoCircle, IconLicense, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useListParams, usePageInRange } from '../../components/useListParams.ts';
import { useSession } from '../../session/session.ts';
import { NotInVrFilter } from '../insight/LastInVr.tsx';
import { useTeamUsers } from './api.ts';
import classes from './UserRow.module.css';
import { type RowContext, UserForm, UserRow } from './UserRow.tsx';

const t = teamTexts.users;

/**
 * The Users tab of team management (part2 §2, §4, §5): license counters, the members in pages
 * of 50 (the page kept in the address: useListParams), and for admins an add-user card and rows
 * that switch to edit mode.
 */
export function TeamUsersPage() {
  const { team, user } = useSession();
  if (!team) return null;
  return (
    <TeamUsers
      teamId={team.id}
      teamName={team.name}
      isAdmin={team.role === 'Admin'}
      currentUserId={user?.id ?? null}
      ssoAvailable={Boolean(team.samlLoginProviderId)}
    />
  );
}

function TeamUsers({
  teamId,
  teamName,
  isAdmin,
  currentUserId,
  ssoAvailable,
}: {
  teamId: string;
  teamName: string;
  isAdmin: boolean;
  currentUserId: string | null;
  ssoAvailable: boolean;
}) {
  const list = useListParams();
  const page = list.page;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const notInVr = isAdmin && list.filter('notInVr') === '1';
  const users = useTeamUsers(teamId, page, notInVr);
  const data = users.data;

  // A page emptied by a removal falls back to the last page that exists.
  usePageInRange(list, data?.results.pageCount);

  const setRowEditing = (id: string, on: boolean) =>
    setEditing((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const ctx: RowContext = {
    teamId,
    teamName,
    canEdit: isAdmin,
    currentUserId,
    licenseFree: data ? data.licensesInUse < data.licenseCount : false,
    ssoAvailable,
  };

  return (
    <Stack gap="lg">
      <LicenseCounters data={data} isAdmin={isAdmin} notInVr={notInVr} />
      {isAdmin && (
        <NotInVrFilter
          checked={notInVr}
          onChange={(on) => list.setFilters({ notInVr: on ? '1' : null })}
        />
      )}

      {!isAdmin && (
        <Group gap="xs" c="dimmed">
          <IconInfoCircle size={16} aria-hidden />
          <Text size="sm">{t.readOnly}</Text>
        </Group>
      )}

      {users.isPending ? (
        <UserSkeletons />
      ) : users.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={users.error}
          retryLabel={t.retry}
          onRetry={() => users.refetch()}
        />
      ) : (
        <ul
          className={classes.list}
          aria-label={t.listLabel}
          aria-busy={users.isPlaceholderData || undefined}
          style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}
        >
          {isAdmin &&
            (adding ? (
              <UserForm user={null} ctx={ctx} onDone={() => setAdding(false)} />
            ) : (
              <AddUserCard onAdd={() => setAdding(true)} />
            ))}
          {data?.results.results.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              ctx={ctx}
              editing={isAdmin && editing.has(u.id)}
              onEdit={() => setRowEditing(u.id, true)}
              onDone={() => setRowEditing(u.id, false)}
            />
          ))}
          {data?.results.results.length === 0 && (
            <Text component="li" c="dimmed" ta="center" py="lg">
              {t.empty}
            </Text>
          )}
        </ul>
      )}

      {data && (
        <Pager
          page={page}
          total={data.results.pageCount}
          onChange={(n) => list.setPage(n)}
          label={t.pagerLabel}
          maxLinks={teamUserLimits.pagerLinks}
        />
      )}
    </Stack>
  );
}

/**
 * Licenses in use of those the team holds, and how many members it has (part2 §2); for admins
 * the 'Buy licenses' link to the subscription overview (part2 §6). While the list shows only the
 * licensed members not in VR, the second counter counts those (the list's count is theirs, not
 * the team's).
 */
function LicenseCounters({
  data,
  isAdmin,
  notInVr,
}: {
  data: TeamUserList | undefined;
  isAdmin: boolean;
  notInVr: boolean;
}) {
  const c = t.counters;
  const free = data ? Math.max(0, data.licenseCount - data.licensesInUse) : 0;
  const hint = !data
    ? null
    : data.licenseCount === 0
      ? c.noLicenses
      : free === 0
        ? c.allUsed
        : c.free(free);
  return (
    <section aria-label={c.label}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Counter
          icon={<IconLicense size={20} aria-hidden />}
          label={c.inUse}
          value={data ? c.of(data.licensesInUse, data.licenseCount) : null}
          hint={hint}
          action={
            isAdmin && (
              <Anchor component={Link} to="/team/subscription" size="sm" fw={500}>
                {c.buyLicenses}
              </Anchor>
            )
          }
        />
        {notInVr ? (
          <Counter
            icon={<IconUsers size={20} aria-hidden />}
            label={insightTexts.lastInVr.filter}
            value={data ? String(data.results.entryCount) : null}
            hint={null}
          />
        ) : (
          <Counter
            icon={<IconUsers size={20} aria-hidden />}
            label={c.members}
            value={data ? String(data.results.entryCount - data.invitationsPending) : null}
            hint={data && data.invitationsPending > 0 ? c.pending(data.invitationsPending) : null}
          />
        )}
      </SimpleGrid>
    </section>
  );
}

function Counter({
  icon,
  label,
  value,
  hint,
  action,
}: {
  icon: React.ReactNode;
  label: string;
  value: string | null;
  hint?: string | null;
  action?: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {value === null ? (
            <Skeleton height={28} width={80} mt={4} />
          ) : (
            <Text fz={26} fw={700} lh={1.2} data-testid={`counter-${label}`}>
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
          {action && <div>{action}</div>}
        </div>
      </Group>
    </Paper>
  );
}

/** The add-user card of admins (part2 §2): opens a new row in edit mode. */
function AddUserCard({ onAdd }: { onAdd: () => void }) {
  return (
    <Card component="li" withBorder padding="md" className={classes.addCard}>
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon variant="light" size={44} radius="xl">
            <IconUserPlus size={22} aria-hidden />
          </ThemeIcon>
          <div>
            <Text fw={600}>{t.add.title}</Text>
            <Text size="sm" c="dimmed">
              {t.add.text}
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onAdd}>
          {t.add.button}
        </Button>
      </Group>
    </Card>
  );
}

function UserSkeletons() {
  return (
    <Stack gap="sm" aria-busy>
      <VisuallyHidden role="status">{t.loading}</VisuallyHidden>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} withBorder padding="md">
          <Group gap="md" wrap="nowrap">
            <Skeleton circle height={44} />
            <div style={{ flex: 1 }}>
              <Skeleton height={14} width="30%" />
              <Skeleton height={12} width="45%" mt={8} />
              <Skeleton height={12} width="20%" mt={8} />
            </div>
            <Skeleton height={20} width={140} radius="xl" />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

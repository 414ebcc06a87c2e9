import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  type AdminOrganizationRow,
  adminTeamsTexts,
  dateFormats,
  limits,
  shellTexts,
} from '@roomscale/shared';
import { IconPencil, IconPlus, IconSearch, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { countIsLowerBound } from '../../../components/countBound.ts';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { teamPath } from '../paths.ts';
import { useSearchPage } from '../useSearchPage.ts';
import classes from './AdminTeams.module.css';
import { useAdminTeams } from './api.ts';
import { NewTeamModal } from './NewTeamModal.tsx';
import { useDeleteTeam } from './useDeleteTeam.ts';

const t = adminTeamsTexts.list;
const C = t.columns;

/**
 * Admin team list (part1 §2): search (debounced 1 s, back to page 1), 'New team', pages of 20
 * with user, license, room and file counts, edit and delete.
 */
export function AdminTeamsPage() {
  const { input, setInput, search, page, setPage, clear } = useSearchPage(
    limits.adminSearchDebounceMs,
  );
  const teams = useAdminTeams(search, page);
  const remove = useDeleteTeam();
  const [creating, setCreating] = useState(false);
  const data = teams.data;

  // A page past the end (after a delete, or an old link) shows the last page instead.
  useEffect(() => {
    if (data && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount);
  }, [data, page, setPage]);

  return (
    <Stack gap="lg">
      <ListPageHeader title={t.title} intro={t.intro} admin>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
          aria-haspopup="dialog"
        >
          {t.newTeam}
        </Button>
      </ListPageHeader>

      <Group justify="space-between" gap="md" align="center">
        <TextInput
          className={classes.search}
          aria-label={t.search}
          placeholder={t.searchPlaceholder}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            teams.isFetching && input.trim() === search ? (
              <Loader size={14} />
            ) : input ? (
              <CloseButton size="sm" aria-label={t.clearSearch} onClick={clear} />
            ) : null
          }
          type="search"
        />
        {data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t.count(data.entryCount, countIsLowerBound(data))}
          </Text>
        )}
      </Group>

      {teams.isPending ? (
        <TableSkeleton />
      ) : teams.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={teams.error}
          retryLabel={t.retry}
          onRetry={() => teams.refetch()}
        />
      ) : data && data.results.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            icon={<IconUsersGroup size={28} aria-hidden />}
            title={search ? t.noMatch : t.empty}
            description={search ? t.noMatchHint(search) : t.emptyHint}
          />
        </Card>
      ) : (
        <Card padding={0} style={{ opacity: teams.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label={t.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{C.name}</Table.Th>
                  <Table.Th ta="right">{C.users}</Table.Th>
                  <Table.Th ta="right">{C.licenses}</Table.Th>
                  <Table.Th ta="right">{C.rooms}</Table.Th>
                  <Table.Th ta="right">{C.files}</Table.Th>
                  <Table.Th>{C.created}</Table.Th>
                  <Table.Th ta="right">
                    <VisuallyHidden>{C.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.results.map((team) => (
                  <TeamRow key={team.id} team={team} onDelete={(x) => void remove.run(x)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}

      {data && <Pager page={page} total={data.pageCount} onChange={setPage} label={t.pagination} />}

      {creating && <NewTeamModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function TeamRow({
  team,
  onDelete,
}: {
  team: AdminOrganizationRow;
  onDelete: (team: AdminOrganizationRow) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={teamPath(team.id)} fw={600} className={classes.name}>
          {team.name}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">{team.usersCount}</Table.Td>
      <Table.Td ta="right">{team.licenseCount}</Table.Td>
      <Table.Td ta="right">{team.roomsCount}</Table.Td>
      <Table.Td ta="right">{team.filesCount}</Table.Td>
      <Table.Td c="dimmed" className={classes.nowrap}>
        {dayjs(team.created).format(dateFormats.createdEdited)}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t.edit(team.name)}>
            <ActionIcon
              component={Link}
              to={teamPath(team.id)}
              variant="subtle"
              color="gray"
              aria-label={t.edit(team.name)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.delete(team.name)}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(team)}
              aria-label={t.delete(team.name)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function TableSkeleton() {
  return (
    <Card padding="md" role="status" aria-label={shellTexts.loading}>
      <Stack gap="sm">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    </Card>
  );
}

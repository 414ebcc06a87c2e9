import { Anchor, Card, Table, VisuallyHidden } from '@mantine/core';
import { type AdminOrganizationRow, adminTeamsTexts, limits } from '@roomscale/shared';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { countIsLowerBound } from '../../../components/countBound.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ListScreen, RowActions, TableSkeleton } from '../../../components/ListScreen.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { teamPath } from '../paths.ts';
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
  const params = useListParams({ debounceMs: limits.adminSearchDebounceMs });
  const teams = useAdminTeams(params.search, params.page);
  const remove = useDeleteTeam();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <ListScreen
        texts={t}
        admin
        add={{ label: t.newTeam, onClick: () => setCreating(true) }}
        params={params}
        query={teams}
        count={(data) => t.count(data.entryCount, countIsLowerBound(data))}
        emptyIcon={<IconUsersGroup size={28} aria-hidden />}
        skeleton={<TableSkeleton rows={6} />}
      >
        {(data) => (
          <Card padding={0}>
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
                  {data.results.map((team) => (
                    <TeamRow key={team.id} team={team} onDelete={(x) => void remove.run(x)} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </ListScreen>
      {creating && <NewTeamModal onClose={() => setCreating(false)} />}
    </>
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
        {formatDateTime(team.created)}
      </Table.Td>
      <Table.Td>
        <RowActions
          editTo={teamPath(team.id)}
          editLabel={t.edit(team.name)}
          deleteLabel={t.delete(team.name)}
          onDelete={() => onDelete(team)}
          end
        />
      </Table.Td>
    </Table.Tr>
  );
}

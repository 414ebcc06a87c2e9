import { Anchor, Table } from '@mantine/core';
import { type AdminOrganizationRow, adminTeamsTexts } from '@roomscale/shared';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/format.ts';
import { RowActions } from '../../../components/ListScreen.tsx';
import { AdminListScreen } from '../AdminListScreen.tsx';
import { teamPath } from '../paths.ts';
import classes from './AdminTeams.module.css';
import { useAdminTeams } from './api.ts';
import { NewTeamModal } from './NewTeamModal.tsx';
import { useDeleteTeam } from './useDeleteTeam.ts';

const t = adminTeamsTexts.list;
const C = t.columns;
const columns = [
  { label: C.name },
  { label: C.users, end: true },
  { label: C.licenses, end: true },
  { label: C.rooms, end: true },
  { label: C.files, end: true },
  { label: C.created },
  { label: C.actions, end: true, hidden: true },
];

/**
 * Admin team list (part1 §2): search (debounced 1 s, back to page 1), 'New team', pages of 20
 * with user, license, room and file counts, edit and delete.
 */
export function AdminTeamsPage() {
  const remove = useDeleteTeam();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <AdminListScreen
        texts={t}
        add={{ label: t.newTeam, onClick: () => setCreating(true) }}
        useList={useAdminTeams}
        emptyIcon={<IconUsersGroup size={28} aria-hidden />}
        skeletonRows={6}
        columns={columns}
        scrollMinWidth={640}
        row={(team) => <TeamRow team={team} onDelete={(x) => void remove.run(x)} />}
      />
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

import { Anchor, Button, Card, Group, Table, Text } from '@mantine/core';
import { type AdminUser, type AdminUserTeam, adminUsersTexts } from '@roomscale/shared';
import { IconPlus, IconUserMinus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminTable, EditRemoveCell, NoRows } from '../AdminTable.tsx';
import { confirmAndRun } from '../confirmAndRun.ts';
import { useRemoveMembership } from '../memberships/api.ts';
import { membershipFailure } from '../memberships/failureText.ts';
import { MembershipEditor, type MembershipEditorProps } from '../memberships/MembershipEditor.tsx';
import { teamPath } from '../paths.ts';
import classes from './AdminUsers.module.css';

const t = adminUsersTexts.teams;
const C = t.columns;
const m = adminUsersTexts.membership;
const columns = [
  { label: C.name },
  { label: C.role },
  { label: C.licenseType },
  { label: C.actions, end: true, hidden: true },
];

/** An active membership: its role and license are never None (None and None is removed). */
type ActiveTeam = AdminUserTeam & {
  role: 'User' | 'Admin';
  licenseType: 'Trial' | 'License';
};
const isActive = (team: AdminUserTeam): team is ActiveTeam =>
  team.role !== 'None' && team.licenseType !== 'None';

/**
 * The user's teams on their admin page (part1 §2): team (a link to the team's page), role and
 * license type, with add, edit and remove through the membership editor.
 */
export function UserTeams({ user }: { user: AdminUser }) {
  const name = `${user.firstName} ${user.lastName}`;
  const fixedUser = { id: user.id, name, email: user.email };
  const teams = user.organizations.filter(isActive);
  const remove = useRemoveMembership();
  const titleId = useId();
  // The last membership opened stays while the editor closes, so its closing shows no change.
  const [editor, setEditor] = useState<Pick<MembershipEditorProps, 'team' | 'initial'>>({});
  const [editing, setEditing] = useState(false);
  const edit = (what: Pick<MembershipEditorProps, 'team' | 'initial'>) => {
    setEditor(what);
    setEditing(true);
  };

  const removeFrom = (team: ActiveTeam) =>
    confirmAndRun({
      ask: {
        title: t.removeTitle,
        content: t.removeText(name, team.organization.name),
        confirmLabel: t.removeConfirm,
      },
      run: () => remove.mutateAsync({ userId: user.id, teamId: team.organization.id }),
      failureText: membershipFailure,
      done: { title: t.removed, message: t.removedText(name, team.organization.name) },
    });

  return (
    <Card padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm" mb="md">
        <Text fw={650} id={titleId}>
          {adminUsersTexts.edit.sections.teams}
        </Text>
        <Button
          size="sm"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => edit({})}
          aria-haspopup="dialog"
        >
          {t.add}
        </Button>
      </Group>

      <AdminTable
        label={t.tableLabel}
        columns={columns}
        rows={teams}
        rowKey={(team) => team.organization.id}
        verticalSpacing="xs"
        className={classes.table}
        empty={<NoRows text={t.empty} hint={t.emptyHint} />}
        row={(team) => (
          <Table.Tr>
            <Table.Td>
              <Anchor
                component={Link}
                to={teamPath(team.organization.id)}
                fw={600}
                className={classes.name}
              >
                {team.organization.name}
              </Anchor>
            </Table.Td>
            <Table.Td data-label={C.role}>{m.roles[team.role]}</Table.Td>
            <Table.Td data-label={C.licenseType}>{m.licenseTypes[team.licenseType]}</Table.Td>
            <EditRemoveCell
              className={classes.actions}
              editLabel={t.edit(team.organization.name)}
              onEdit={() =>
                edit({
                  team: team.organization,
                  initial: { role: team.role, licenseType: team.licenseType },
                })
              }
              removeLabel={t.remove(team.organization.name)}
              removeIcon={<IconUserMinus size={18} aria-hidden />}
              onRemove={() => void removeFrom(team)}
            />
          </Table.Tr>
        )}
      />

      <MembershipEditor
        opened={editing}
        onClose={() => setEditing(false)}
        user={fixedUser}
        team={editor.team}
        initial={editor.initial}
      />
    </Card>
  );
}

import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdminUser, type AdminUserTeam, adminUsersTexts } from '@roomscale/shared';
import { IconPencil, IconPlus, IconUserMinus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { showConfirm, showError } from '../../../components/dialogs.tsx';
import { useRemoveMembership } from '../memberships/api.ts';
import { membershipFailure } from '../memberships/failureText.ts';
import { MembershipEditor, type MembershipEditorProps } from '../memberships/MembershipEditor.tsx';
import { teamPath } from '../paths.ts';
import classes from './AdminUsers.module.css';

const t = adminUsersTexts.teams;
const C = t.columns;
const m = adminUsersTexts.membership;

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

  const removeFrom = async (team: ActiveTeam) => {
    const ok = await showConfirm({
      title: t.removeTitle,
      content: t.removeText(name, team.organization.name),
      confirmLabel: t.removeConfirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ userId: user.id, teamId: team.organization.id });
      notifications.show({
        color: 'teal',
        title: t.removed,
        message: t.removedText(name, team.organization.name),
      });
    } catch (e) {
      await showError(membershipFailure(e));
    }
  };

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

      {teams.length === 0 ? (
        <div>
          <Text size="sm">{t.empty}</Text>
          <Text size="sm" c="dimmed">
            {t.emptyHint}
          </Text>
        </div>
      ) : (
        <Table verticalSpacing="xs" aria-label={t.tableLabel} className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{C.name}</Table.Th>
              <Table.Th>{C.role}</Table.Th>
              <Table.Th>{C.licenseType}</Table.Th>
              <Table.Th ta="right">
                <VisuallyHidden>{C.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.map((team) => (
              <Table.Tr key={team.organization.id}>
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
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end" className={classes.actions}>
                    <Tooltip label={t.edit(team.organization.name)}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t.edit(team.organization.name)}
                        aria-haspopup="dialog"
                        onClick={() =>
                          edit({
                            team: team.organization,
                            initial: { role: team.role, licenseType: team.licenseType },
                          })
                        }
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t.remove(team.organization.name)}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t.remove(team.organization.name)}
                        onClick={() => void removeFrom(team)}
                      >
                        <IconUserMinus size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

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

import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import {
  type AdminOrganization,
  type AdminOrganizationUser,
  adminTeamsTexts,
} from '@roomscale/shared';
import { IconDoorEnter, IconDoorExit, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyPart, preloadOn } from '../../../components/lazyPart.ts';
import { OverlayLoader } from '../../../components/OverlayLoader.tsx';
import { Section } from '../../../components/Section.tsx';
import { useSession } from '../../../session/session.ts';
import { useMyTeams } from '../../../session/teams.ts';
import { AdminTable, EditRemoveCell, NoRows } from '../AdminTable.tsx';
import { confirmAndRun } from '../confirmAndRun.ts';
import { userPath } from '../paths.ts';
import { useEditMembership } from './api.ts';
import { failureText } from './failureText.ts';
import { useJoinLeave } from './membership.ts';

const t = adminTeamsTexts.users;
const C = t.columns;
const columns = [
  { label: C.name },
  { label: C.position },
  { label: C.email },
  { label: C.licenseType },
  { label: C.role },
  { label: C.actions, end: true, hidden: true },
];

const fullName = (u: Pick<AdminOrganizationUser, 'firstName' | 'lastName'>) =>
  `${u.firstName} ${u.lastName}`.trim();

type Editing = { user?: AdminOrganizationUser } | null;

/** The membership editor with its search fields loads when first opened (or its button reached). */
const MembershipEditor = lazyPart(
  () => import('../memberships/MembershipEditor.tsx'),
  'MembershipEditor',
);
const preloadEditor = preloadOn(MembershipEditor.preload);

/**
 * The team's members (part1 §2): join or leave it yourself, add a user, and a table with name,
 * position, email (super admin badge), license type and role, each with edit and remove.
 */
export function TeamMembers({ team }: { team: AdminOrganization }) {
  const { user: me } = useSession();
  const myTeams = useMyTeams();
  const joinLeave = useJoinLeave(team);
  const edit = useEditMembership(team.id);
  const [editing, setEditing] = useState<Editing>(null);
  // Mounted from its first opening on, then kept (closed) so it opens and closes with a transition.
  const [editorUsed, setEditorUsed] = useState(false);
  if (editing !== null && !editorUsed) setEditorUsed(true);

  // The page lists at most a few hundred members; the user's own team list covers the rest.
  const member =
    !!me &&
    (team.users.some((u) => u.id === me.id) || !!myTeams.data?.some((m) => m.id === team.id));

  const remove = (u: AdminOrganizationUser) => {
    const name = fullName(u);
    return confirmAndRun({
      ask: {
        title: t.removeTitle,
        content: t.removeText(name, team.name),
        confirmLabel: t.removeConfirm,
      },
      run: () =>
        edit.mutateAsync({
          userId: u.id,
          body: { organizationId: team.id, userId: u.id, role: 'None', licenseType: 'None' },
        }),
      failureText,
      done: { title: t.removed, message: t.removedText(name) },
    });
  };

  const editingUser = editing?.user;
  return (
    <Section
      id="team-users-title"
      title={adminTeamsTexts.edit.sections.users}
      actions={
        <>
          {member ? (
            <Button
              variant="default"
              leftSection={<IconDoorExit size={16} aria-hidden />}
              onClick={() => void joinLeave.leave()}
              loading={joinLeave.pending}
              disabled={!me}
            >
              {t.leaveTeam}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconDoorEnter size={16} aria-hidden />}
              onClick={() => void joinLeave.join()}
              loading={joinLeave.pending}
              disabled={!me}
            >
              {t.join}
            </Button>
          )}
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setEditing({})}
            aria-haspopup="dialog"
            {...preloadEditor}
          >
            {t.add}
          </Button>
        </>
      }
    >
      <AdminTable
        label={t.tableLabel}
        columns={columns}
        rows={team.users}
        rowKey={(u) => u.id}
        scrollMinWidth={720}
        empty={<NoRows text={t.empty} hint={t.emptyHint} />}
        row={(u) => {
          const name = fullName(u);
          return (
            <Table.Tr>
              <Table.Td>
                <Anchor component={Link} to={userPath(u.id)} fw={600}>
                  {name}
                </Anchor>
                {u.id === me?.id && (
                  <Badge size="xs" variant="light" ml={6} tt="none">
                    {t.you}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td c={u.position ? undefined : 'dimmed'}>{u.position ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Text>
                  {u.superAdmin && (
                    <Badge size="xs" color="grape" variant="light" tt="none">
                      {t.superAdmin}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{t.licenseTypes[u.licenseType]}</Table.Td>
              <Table.Td>{t.roles[u.role]}</Table.Td>
              <EditRemoveCell
                editLabel={t.edit(name)}
                onEdit={() => setEditing({ user: u })}
                preload={preloadEditor}
                removeLabel={t.remove(name)}
                removeIcon={<IconUserMinus size={18} aria-hidden />}
                onRemove={() => void remove(u)}
              />
            </Table.Tr>
          );
        }}
      />
      {team.usersCount > team.users.length && (
        <Text size="sm" c="dimmed">
          {t.shownOf(team.users.length, team.usersCount)}
        </Text>
      )}
      {/* The editor reloads the team pages itself after a save. */}
      {editorUsed && (
        <Suspense fallback={<OverlayLoader />}>
          <MembershipEditor
            opened={editing !== null}
            onClose={() => setEditing(null)}
            team={{ id: team.id, name: team.name }}
            user={
              editingUser
                ? { id: editingUser.id, name: fullName(editingUser), email: editingUser.email }
                : undefined
            }
            initial={
              editingUser && editingUser.role !== 'None' && editingUser.licenseType !== 'None'
                ? { role: editingUser.role, licenseType: editingUser.licenseType }
                : undefined
            }
          />
        </Suspense>
      )}
    </Section>
  );
}

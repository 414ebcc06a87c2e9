import { Anchor, Badge, Group, Table, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdminUserRow, adminUsersTexts } from '@roomscale/shared';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RowActions } from '../../../components/ListScreen.tsx';
import { AdminListScreen } from '../AdminListScreen.tsx';
import { userPath } from '../paths.ts';
import classes from './AdminUsers.module.css';
import { useAdminUsers } from './api.ts';
import { NewUserModal } from './NewUserModal.tsx';
import { useDeleteUser } from './useDeleteUser.ts';

const t = adminUsersTexts.list;
const C = t.columns;
const columns = [
  { label: C.name },
  { label: C.email },
  { label: C.position },
  { label: C.teams, end: true },
  { label: C.actions, end: true, hidden: true },
];

/**
 * Admin user list (part1 §2): search (debounced 1 s, back to page 1), 'New user', pages of 25
 * with name, email, position, the Super Admin marker and the team count, edit and delete.
 */
export function AdminUsersPage() {
  const navigate = useNavigate();
  const remove = useDeleteUser();
  const [creating, setCreating] = useState(false);

  const created = (user: AdminUserRow) => {
    setCreating(false);
    notifications.show({
      color: 'teal',
      title: adminUsersTexts.create.created,
      message: adminUsersTexts.create.createdText(user.email),
    });
    navigate(userPath(user.id));
  };

  return (
    <>
      <AdminListScreen
        texts={t}
        add={{ label: t.newUser, onClick: () => setCreating(true) }}
        useList={useAdminUsers}
        emptyIcon={<IconUsers size={28} aria-hidden />}
        skeletonRows={8}
        columns={columns}
        tableClassName={classes.table}
        highlightOnHover
        row={(user) => (
          <UserRow
            user={user}
            onDelete={(u) => void remove.run({ ...u, teams: u.organizationsCount })}
          />
        )}
      />
      {creating && <NewUserModal onClose={() => setCreating(false)} onCreated={created} />}
    </>
  );
}

function UserRow({ user, onDelete }: { user: AdminUserRow; onDelete: (u: AdminUserRow) => void }) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={userPath(user.id)} fw={600} className={classes.name}>
            {name}
          </Anchor>
          {user.superAdmin && (
            <Badge variant="light" color="grape" size="sm" radius="sm" tt="none">
              {t.superAdmin}
            </Badge>
          )}
          {!user.userActivated && (
            <Tooltip label={t.notActivatedHint} multiline w={240}>
              <Badge variant="outline" color="gray" size="sm" radius="sm" tt="none" tabIndex={0}>
                {t.notActivated}
              </Badge>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label={C.email} className={classes.email}>
        {user.email}
      </Table.Td>
      <Table.Td data-label={C.position} c={user.position ? undefined : 'dimmed'}>
        {user.position || t.noPosition}
      </Table.Td>
      <Table.Td data-label={C.teams} className={classes.count}>
        {user.organizationsCount}
      </Table.Td>
      <Table.Td>
        <RowActions
          editTo={userPath(user.id)}
          editLabel={t.edit(name)}
          deleteLabel={t.delete(name)}
          onDelete={() => onDelete(user)}
          className={classes.actions}
          end
        />
      </Table.Td>
    </Table.Tr>
  );
}

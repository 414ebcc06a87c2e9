import { Anchor, Badge, Card, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdminUserRow, adminUsersTexts, limits } from '@roomscale/shared';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { countIsLowerBound } from '../../../components/countBound.ts';
import { ListScreen, RowActions, TableSkeleton } from '../../../components/ListScreen.tsx';
import { useListParams } from '../../../components/useListParams.ts';
import { userPath } from '../paths.ts';
import classes from './AdminUsers.module.css';
import { useAdminUsers } from './api.ts';
import { NewUserModal } from './NewUserModal.tsx';
import { useDeleteUser } from './useDeleteUser.ts';

const t = adminUsersTexts.list;
const C = t.columns;

/**
 * Admin user list (part1 §2): search (debounced 1 s, back to page 1), 'New user', pages of 25
 * with name, email, position, the Super Admin marker and the team count, edit and delete.
 */
export function AdminUsersPage() {
  const navigate = useNavigate();
  const params = useListParams({ debounceMs: limits.adminSearchDebounceMs });
  const users = useAdminUsers(params.search, params.page);
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
      <ListScreen
        texts={t}
        admin
        add={{ label: t.newUser, onClick: () => setCreating(true) }}
        params={params}
        query={users}
        count={(data) => t.count(data.entryCount, countIsLowerBound(data))}
        emptyIcon={<IconUsers size={28} aria-hidden />}
        skeleton={<TableSkeleton rows={8} />}
      >
        {(data) => (
          <Card padding={0}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label={t.tableLabel}
              className={classes.table}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{C.name}</Table.Th>
                  <Table.Th>{C.email}</Table.Th>
                  <Table.Th>{C.position}</Table.Th>
                  <Table.Th ta="right">{C.teams}</Table.Th>
                  <Table.Th ta="right">
                    <VisuallyHidden>{C.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.results.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onDelete={(u) => void remove.run({ ...u, teams: u.organizationsCount })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </ListScreen>
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

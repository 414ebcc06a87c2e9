import {
  ActionIcon,
  Anchor,
  Badge,
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
import { notifications } from '@mantine/notifications';
import { type AdminUserRow, adminUsersTexts, limits, shellTexts } from '@roomscale/shared';
import { IconPencil, IconPlus, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { countIsLowerBound } from '../../../components/countBound.ts';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { userPath } from '../paths.ts';
import { useSearchPage } from '../useSearchPage.ts';
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
  const { input, setInput, search, page, setPage, clear } = useSearchPage(
    limits.adminSearchDebounceMs,
  );
  const users = useAdminUsers(search, page);
  const remove = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const data = users.data;

  // A page past the end (after a delete, or an old link) shows the last page instead.
  useEffect(() => {
    if (data && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount);
  }, [data, page, setPage]);

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
    <Stack gap="lg">
      <ListPageHeader title={t.title} intro={t.intro} admin>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
          aria-haspopup="dialog"
        >
          {t.newUser}
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
            users.isFetching && input.trim() === search ? (
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

      {users.isPending ? (
        <TableSkeleton />
      ) : users.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={users.error}
          retryLabel={t.retry}
          onRetry={() => users.refetch()}
        />
      ) : data && data.results.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title={search ? t.noMatch : t.empty}
            description={search ? t.noMatchHint(search) : t.emptyHint}
          />
        </Card>
      ) : (
        <Card padding={0} style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
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
              {data?.results.map((user) => (
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

      {data && <Pager page={page} total={data.pageCount} onChange={setPage} label={t.pagination} />}

      {creating && <NewUserModal onClose={() => setCreating(false)} onCreated={created} />}
    </Stack>
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
        <Group gap={4} wrap="nowrap" justify="flex-end" className={classes.actions}>
          <Tooltip label={t.edit(name)}>
            <ActionIcon
              component={Link}
              to={userPath(user.id)}
              variant="subtle"
              color="gray"
              aria-label={t.edit(name)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.delete(name)}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(user)}
              aria-label={t.delete(name)}
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
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    </Card>
  );
}

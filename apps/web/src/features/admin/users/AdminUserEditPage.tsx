import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type AdminUser,
  adminUsersTexts,
  limits,
  META_LOGIN_LABEL,
  META_LOGIN_PROVIDER,
  PASSWORD_LOGIN_LABEL,
  PASSWORD_LOGIN_PROVIDER,
  successTitles,
} from '@roomscale/shared';
import { IconTrash, IconUserOff } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  EditHeader,
  EditScreen,
  EditSkeleton,
  Fact,
  SaveBar,
  SaveButtons,
} from '../../../components/EditScreen.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { FieldsetSection } from '../../../components/Section.tsx';
import { SwitchField } from '../../../components/SwitchField.tsx';
import { useEditForm } from '../../../components/useEditForm.ts';
import { refusalText } from '../memberships/failureText.ts';
import { userPath, usersPath } from '../paths.ts';
import { useAdminUser, useEditAdminUser } from './api.ts';
import { UserTeams } from './UserTeams.tsx';
import { useDeleteUser } from './useDeleteUser.ts';
import { type AdminUserFormOutput, adminUserForm, toForm } from './userForm.ts';

const t = adminUsersTexts.edit;

/** Admin user edit (part1 §2, §5): the form, the read-only facts and the user's teams. */
export function AdminUserEditPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  return (
    <EditScreen
      query={user}
      texts={t}
      backTo={usersPath}
      notFoundIcon={<IconUserOff size={28} aria-hidden />}
      skeleton={<UserSkeleton />}
    >
      {(data) => <UserForm key={data.id} user={data} />}
    </EditScreen>
  );
}

function UserForm({ user }: { user: AdminUser }) {
  const formId = useId();
  const navigate = useNavigate();
  const save = useEditAdminUser(user.id);
  const remove = useDeleteUser();
  const deleted = useRef(false);
  const { form, submit, buttons } = useEditForm({
    resolver: zodResolver(adminUserForm),
    record: user,
    toForm,
    save: (values: AdminUserFormOutput) => save.mutateAsync(values),
    savedTitle: successTitles.userSaved,
    failureText: refusalText,
    texts: t,
    // A deletion navigates away on purpose.
    leaving: () => deleted.current,
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const name = `${user.firstName} ${user.lastName}`;

  const del = async () => {
    deleted.current = true;
    const gone = await remove.run({ ...user, teams: user.organizations.length });
    if (gone) navigate(usersPath, { replace: true });
    else deleted.current = false;
  };

  return (
    <Stack gap="lg">
      <EditHeader
        backTo={usersPath}
        backLabel={t.back}
        title={name}
        badges={
          <>
            {user.superAdmin && (
              <Badge variant="light" color="grape" radius="sm" tt="none">
                {adminUsersTexts.list.superAdmin}
              </Badge>
            )}
            {!user.userActivated && (
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                {adminUsersTexts.list.notActivated}
              </Badge>
            )}
          </>
        }
      >
        <Text c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </EditHeader>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <form id={formId} onSubmit={submit} noValidate>
              <Stack gap="lg">
                <FieldsetSection title={t.sections.details}>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                    <TextInput
                      label={t.firstName}
                      required
                      maxLength={limits.nameMax}
                      error={errors.firstName?.message}
                      {...register('firstName')}
                    />
                    <TextInput
                      label={t.lastName}
                      required
                      maxLength={limits.nameMax}
                      error={errors.lastName?.message}
                      {...register('lastName')}
                    />
                  </SimpleGrid>
                  <TextInput
                    label={t.position}
                    maxLength={limits.positionMax}
                    error={errors.position?.message}
                    {...register('position')}
                  />
                  <TextInput
                    label={t.email}
                    description={t.emailHint}
                    value={user.email}
                    readOnly
                    variant="filled"
                  />
                </FieldsetSection>
                <FieldsetSection title={t.sections.licenses}>
                  <SwitchField
                    control={control}
                    name="superAdmin"
                    label={t.superAdmin}
                    description={t.superAdminHint}
                  />
                  <SwitchField
                    control={control}
                    name="hasManualUserSubscription"
                    label={t.manualLicense}
                    description={t.manualLicenseHint}
                  />
                </FieldsetSection>
              </Stack>
            </form>
            <UserTeams user={user} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg">
            <Text fw={650} mb="sm">
              {t.sections.info}
            </Text>
            <Stack gap="sm">
              <Fact label={t.created}>{formatDateTime(user.created)}</Fact>
              <Fact label={t.createdBy}>
                <Person id={user.createdBy} name={user.createdByName} />
              </Fact>
              <Fact label={t.edited}>
                {user.lastModified ? formatDateTime(user.lastModified) : t.never}
              </Fact>
              <Fact label={t.editedBy}>
                {user.lastModified ? (
                  <Person id={user.lastModifiedBy} name={user.lastModifiedByName} />
                ) : (
                  t.never
                )}
              </Fact>
              <Fact label={t.metaSubscription}>{user.hasMetaSubscription ? t.yes : t.no}</Fact>
              <Fact label={t.passwordActivated}>{user.passwordSet ? t.yes : t.no}</Fact>
              <Fact label={t.loginTypes}>
                <LoginTypes user={user} />
              </Fact>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <SaveBar>
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => void del()}
            loading={remove.pending}
          >
            {t.delete}
          </Button>
          <SaveButtons texts={t} {...buttons} form={formId} />
        </Group>
      </SaveBar>
    </Stack>
  );
}

/** Who created or edited the user: a link to their own page, or '—' (the system, a signup). */
function Person({ id, name }: { id: string | null; name: string | null }) {
  if (!name) return t.nobody;
  if (!id) return name;
  return (
    <Anchor component={Link} to={userPath(id)} size="sm">
      {name}
    </Anchor>
  );
}

/** The logins the user has (part1 §2): the product's account, single sign-on, Meta Account. */
function LoginTypes({ user }: { user: AdminUser }) {
  const sso = user.userLogins.filter(
    (l) =>
      l.loginProviderId !== PASSWORD_LOGIN_PROVIDER && l.loginProviderId !== META_LOGIN_PROVIDER,
  );
  const labels = [
    ...(user.hasRoomscaleLogin ? [PASSWORD_LOGIN_LABEL] : []),
    ...(user.hasSsoLogin
      ? sso.length > 0
        ? sso.map((l) => `${t.ssoLogin} (${l.displayName})`)
        : [t.ssoLogin]
      : []),
    ...(user.hasOculusLogin ? [META_LOGIN_LABEL] : []),
  ];
  if (labels.length === 0) return t.noLogins;
  return (
    <Group gap={6} component="span">
      {labels.map((label) => (
        <Badge key={label} variant="default" radius="sm" tt="none" fw={500}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}

function UserSkeleton() {
  return (
    <EditSkeleton
      label={t.loading}
      fields={4}
      aside={
        <Stack gap="sm">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      }
    />
  );
}

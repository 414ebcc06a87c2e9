import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Card,
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
import { IconUserOff } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import {
  EditColumns,
  EditScreen,
  Fact,
  SaveBar,
  useDeleteAndLeave,
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
      skeleton={{
        fields: 4,
        aside: (
          <Stack gap="sm">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} height={32} />
            ))}
          </Stack>
        ),
      }}
      head={(data) => ({
        title: `${data.firstName} ${data.lastName}`,
        badges: (
          <>
            {data.superAdmin && (
              <Badge variant="light" color="grape" radius="sm" tt="none">
                {adminUsersTexts.list.superAdmin}
              </Badge>
            )}
            {!data.userActivated && (
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                {adminUsersTexts.list.notActivated}
              </Badge>
            )}
          </>
        ),
        under: (
          <Text c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {data.email}
          </Text>
        ),
      })}
    >
      {(data) => <UserForm key={data.id} user={data} />}
    </EditScreen>
  );
}

function UserForm({ user }: { user: AdminUser }) {
  const formId = useId();
  const save = useEditAdminUser(user.id);
  const remove = useDeleteUser();
  const del = useDeleteAndLeave(
    () => remove.run({ ...user, teams: user.organizations.length }),
    usersPath,
  );
  const { form, submit, buttons } = useEditForm({
    resolver: zodResolver(adminUserForm),
    record: user,
    toForm,
    save: (values: AdminUserFormOutput) => save.mutateAsync(values),
    savedTitle: successTitles.userSaved,
    failureText: refusalText,
    texts: t,
    // A deletion navigates away on purpose.
    leaving: del.leaving,
  });
  const { register, control, formState } = form;
  const errors = formState.errors;

  return (
    <>
      <EditColumns
        aside={
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
        }
      >
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
      </EditColumns>

      <SaveBar
        texts={t}
        {...buttons}
        form={formId}
        remove={{ label: t.delete, onClick: () => void del.remove(), pending: remove.pending }}
      />
    </>
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

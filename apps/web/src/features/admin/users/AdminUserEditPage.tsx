import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import {
  type AdminUser,
  adminUsersTexts,
  dateFormats,
  limits,
  META_LOGIN_LABEL,
  META_LOGIN_PROVIDER,
  PASSWORD_LOGIN_LABEL,
  PASSWORD_LOGIN_PROVIDER,
  screenMessages,
  shellTexts,
  successTitles,
} from '@roomscale/shared';
import { IconArrowLeft, IconDeviceFloppy, IconTrash, IconUserOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { showFieldErrors } from '../../../api/errors.ts';
import { showConfirm, showError, showSuccess } from '../../../components/dialogs.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { refusalText } from '../memberships/failureText.ts';
import { userPath, usersPath } from '../paths.ts';
import classes from './AdminUsers.module.css';
import { useAdminUser, useEditAdminUser } from './api.ts';
import { UserTeams } from './UserTeams.tsx';
import { useDeleteUser } from './useDeleteUser.ts';
import { type AdminUserForm, type AdminUserFormOutput, adminUserForm, toForm } from './userForm.ts';

const t = adminUsersTexts.edit;

/** Admin user edit (part1 §2, §5): the form, the read-only facts and the user's teams. */
export function AdminUserEditPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);

  if (user.isPending) return <EditSkeleton />;
  if (user.isError) {
    const notFound =
      user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    return (
      <Stack gap="lg">
        <BackLink />
        {notFound ? (
          <Card padding="xl">
            <EmptyState
              icon={<IconUserOff size={28} aria-hidden />}
              title={t.notFound}
              description={t.notFoundHint}
            >
              <EmptyState.Actions>
                <Button component={Link} to={usersPath} variant="default">
                  {t.back}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Card>
        ) : (
          <LoadFailed
            title={t.loadFailed}
            error={user.error}
            retryLabel={t.retry}
            onRetry={() => user.refetch()}
          />
        )}
      </Stack>
    );
  }
  return <UserForm key={user.data.id} user={user.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={usersPath} size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t.back}
      </Group>
    </Anchor>
  );
}

const formatDate = (iso: string) => dayjs(iso).format(dateFormats.createdEdited);

const FORM_FIELDS = [
  'firstName',
  'lastName',
  'position',
  'superAdmin',
  'hasManualUserSubscription',
] as const;

function UserForm({ user }: { user: AdminUser }) {
  const formId = useId();
  const navigate = useNavigate();
  const save = useEditAdminUser(user.id);
  const remove = useDeleteUser();
  const deleted = useRef(false);
  const { register, control, handleSubmit, formState, reset, setError } = useForm<
    AdminUserForm,
    unknown,
    AdminUserFormOutput
  >({
    resolver: zodResolver(adminUserForm),
    mode: 'onChange',
    defaultValues: toForm(user),
  });
  const errors = formState.errors;
  const saving = formState.isSubmitting;
  const name = `${user.firstName} ${user.lastName}`;

  // Leaving with unsaved changes asks first; Save and a deletion navigate nowhere it guards.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      formState.isDirty &&
      !saving &&
      !deleted.current &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (formState.isDirty && !saving) event.preventDefault();
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void showConfirm({
      title: t.unsavedTitle,
      content: t.unsavedText,
      confirmLabel: t.leave,
      cancelLabel: t.stay,
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(toForm(saved));
      void showSuccess(successTitles.userSaved, screenMessages.dataSaved);
    } catch (e) {
      // The typed values stay; the server's per-field reasons go under their fields.
      showFieldErrors(e, setError, (field) =>
        (FORM_FIELDS as readonly string[]).includes(field)
          ? (field as (typeof FORM_FIELDS)[number])
          : undefined,
      );
      await showError(refusalText(e));
    }
  });

  const del = async () => {
    deleted.current = true;
    const gone = await remove.run({ ...user, teams: user.organizations.length });
    if (gone) navigate(usersPath, { replace: true });
    else deleted.current = false;
  };

  return (
    <Stack gap="lg">
      <div>
        <BackLink />
        <Group gap="sm" mt="xs" align="center">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
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
        </Group>
        <Text c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </div>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <form id={formId} onSubmit={submit} noValidate>
              <Stack gap="lg">
                <Section title={t.sections.details}>
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
                </Section>
                <Section title={t.sections.licenses}>
                  <Controller
                    control={control}
                    name="superAdmin"
                    render={({ field }) => (
                      <Switch
                        label={t.superAdmin}
                        description={t.superAdminHint}
                        checked={field.value}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                        onBlur={field.onBlur}
                        error={errors.superAdmin?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name="hasManualUserSubscription"
                    render={({ field }) => (
                      <Switch
                        label={t.manualLicense}
                        description={t.manualLicenseHint}
                        checked={field.value}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                        onBlur={field.onBlur}
                        error={errors.hasManualUserSubscription?.message}
                      />
                    )}
                  />
                </Section>
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
              <Info label={t.created}>{formatDate(user.created)}</Info>
              <Info label={t.createdBy}>
                <Person id={user.createdBy} name={user.createdByName} />
              </Info>
              <Info label={t.edited}>
                {user.lastModified ? formatDate(user.lastModified) : t.never}
              </Info>
              <Info label={t.editedBy}>
                {user.lastModified ? (
                  <Person id={user.lastModifiedBy} name={user.lastModifiedByName} />
                ) : (
                  t.never
                )}
              </Info>
              <Info label={t.metaSubscription}>{user.hasMetaSubscription ? t.yes : t.no}</Info>
              <Info label={t.passwordActivated}>{user.passwordSet ? t.yes : t.no}</Info>
              <Info label={t.loginTypes}>
                <LoginTypes user={user} />
              </Info>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <Card padding="md" radius="lg" className={classes.footer}>
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
          <Group gap="sm" justify="flex-end">
            <Button
              variant="default"
              onClick={() => reset()}
              disabled={!formState.isDirty || saving}
            >
              {t.reset}
            </Button>
            <Button
              type="submit"
              form={formId}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={!formState.isValid}
              loading={saving}
            >
              {t.save}
            </Button>
          </Group>
        </Group>
      </Card>
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

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card padding="lg" component="fieldset" className={classes.section}>
      <Text component="legend" fw={650} size="md" className={classes.legend}>
        {title}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" mt={2} component="div">
        {children}
      </Text>
    </div>
  );
}

function EditSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label={t.loading}>
      <VisuallyHidden>{shellTexts.loading}</VisuallyHidden>
      <Skeleton height={14} width={140} />
      <Skeleton height={30} width={280} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="lg">
            <Stack gap="md">
              {Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} height={56} />
              ))}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg">
            <Stack gap="sm">
              {Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} height={32} />
              ))}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type TeamUser, teamTexts, teamUserSpecMessages } from '@roomscale/shared';
import { IconCheck, IconMailForward, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { fieldErrors, serverMessage, showFieldErrors } from '../../api/errors.ts';
import { showConfirm, showError, showSuccess } from '../../components/dialogs.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { LastInVr } from '../insight/LastInVr.tsx';
import { useAddTeamUser, useEditTeamUser, useRemoveTeamUser } from './api.ts';
import { UserBadges } from './UserBadges.tsx';
import classes from './UserRow.module.css';
import {
  addBody,
  editBody,
  newUserValues,
  serverFieldToForm,
  type UserFormInput,
  type UserFormValues,
  userFormSchema,
  valuesOf,
} from './userForm.ts';

const t = teamTexts.users.row;

export type RowContext = {
  teamId: string;
  teamName: string;
  /** Only admins edit, add and remove (part2 §5, §6). */
  canEdit: boolean;
  currentUserId: string | null;
  /** Whether a license is free to give (the user's own one is theirs anyway). */
  licenseFree: boolean;
  /** SSO options only when the team has a SAML login provider (part2 §5). */
  ssoAvailable: boolean;
};

/** The server's reason for a refused save: its field messages, else its message. */
function problemText(e: unknown): string {
  const fields = Object.values(fieldErrors(e)).filter(Boolean);
  return fields.length > 0 ? fields.join(' ') : serverMessage(e);
}

const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/** A member of the team: view mode, or edit mode when `editing` (part2 §4). */
export function UserRow({
  user,
  ctx,
  editing,
  onEdit,
  onDone,
}: {
  user: TeamUser;
  ctx: RowContext;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  if (user.invitationPending) return <PendingView user={user} ctx={ctx} />;
  if (editing) return <UserForm user={user} ctx={ctx} onDone={onDone} />;
  return <UserView user={user} ctx={ctx} onEdit={onEdit} />;
}

/**
 * An existing account invited to the team that has not answered: only the address the admin
 * typed, the offered role and license, and (for admins) withdrawing the invitation.
 */
function PendingView({ user, ctx }: { user: TeamUser; ctx: RowContext }) {
  const remove = useRemoveTeamUser(ctx.teamId);
  const onWithdraw = async () => {
    const ok = await showConfirm({
      title: teamTexts.users.withdraw.title,
      content: teamTexts.users.withdraw.text(user.email, ctx.teamName),
      confirmLabel: teamTexts.users.withdraw.confirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(user.id);
      notifications.show({ title: teamTexts.users.withdraw.done, message: user.email });
    } catch (e) {
      await showError(e);
    }
  };
  return (
    <Card
      component="li"
      withBorder
      padding="md"
      className={classes.row}
      aria-label={user.email}
      data-pending
    >
      <Group justify="space-between" align="center" gap="md" wrap="nowrap">
        <Group gap="md" wrap="nowrap" className={classes.identity}>
          <Avatar radius="xl" size={44} aria-hidden color="blue">
            <IconMailForward size={20} />
          </Avatar>
          <div className={classes.text}>
            <Text fw={600} truncate>
              {user.email}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {t.pendingHint}
            </Text>
          </div>
        </Group>
        <Group gap="md" wrap="nowrap" className={classes.side}>
          <UserBadges user={user} />
          {ctx.canEdit && (
            <Tooltip label={t.withdraw(user.email)}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t.withdraw(user.email)}
                loading={remove.isPending}
                onClick={() => void onWithdraw()}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function UserView({ user, ctx, onEdit }: { user: TeamUser; ctx: RowContext; onEdit: () => void }) {
  const remove = useRemoveTeamUser(ctx.teamId);
  const name = fullName(user);
  const isSelf = user.id === ctx.currentUserId;

  const onRemove = async () => {
    const ok = await showConfirm({
      title: teamTexts.users.remove.title,
      content: teamTexts.users.remove.text(name, ctx.teamName),
      confirmLabel: teamTexts.users.remove.confirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(user.id);
      notifications.show({ color: 'teal', title: teamTexts.users.remove.done, message: name });
    } catch (e) {
      await showError(e);
    }
  };

  return (
    <Card component="li" withBorder padding="md" className={classes.row} aria-label={name}>
      <Group justify="space-between" align="center" gap="md" wrap="nowrap">
        <Group gap="md" wrap="nowrap" className={classes.identity}>
          <Avatar name={name} color="initials" radius="xl" size={44} aria-hidden />
          <div className={classes.text}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} truncate>
                {name}
              </Text>
              {isSelf && (
                <Badge size="xs" variant="outline" color="gray" tt="none">
                  {t.you}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
            <Text size="sm" c={user.position ? undefined : 'dimmed'} truncate>
              {user.position || t.noPosition}
            </Text>
            {/* Admins see everyone's, a member only their own (issue 29 §4). */}
            {(ctx.canEdit || isSelf) && <LastInVr at={user.lastInVrAt} />}
          </div>
        </Group>
        <Group gap="md" wrap="nowrap" className={classes.side}>
          <UserBadges user={user} />
          {ctx.canEdit && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t.edit(name)}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={onEdit}
                  aria-label={t.edit(name)}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip
                label={isSelf ? t.ownRemove : t.remove(name)}
                events={{ hover: true, focus: true, touch: true }}
              >
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t.remove(name)}
                  data-disabled={isSelf || undefined}
                  aria-disabled={isSelf || undefined}
                  loading={remove.isPending}
                  onClick={(e) => {
                    if (isSelf) e.preventDefault();
                    else void onRemove();
                  }}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * The edit mode of a row; `user` null is a new user (PUT), otherwise a member (PATCH). A failed
 * save keeps everything typed and shows the server's field messages under the fields.
 */
export function UserForm({
  user,
  ctx,
  onDone,
}: {
  user: TeamUser | null;
  ctx: RowContext;
  onDone: () => void;
}) {
  const add = useAddTeamUser(ctx.teamId);
  const edit = useEditTeamUser(ctx.teamId);
  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: user ? valuesOf(user) : newUserValues,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, watch, setValue, setError } = form;
  const errors = formState.errors;
  const isNew = user === null;
  const isSelf = user !== null && user.id === ctx.currentUserId;
  // An admin who cannot be demoted: the current user (part2 §5, §6).
  const adminLocked = isSelf && user?.role === 'Admin';
  const hasLicense = user?.licenseType === 'License';
  const licenseLocked = !ctx.licenseFree && !hasLicense;
  const sso = watch('sso');
  // Names and position are the person's own unless the team created the account and it is not
  // activated yet (the server refuses other changes).
  const profileLocked = !isNew && !user.profileEditable;
  const locked = (field: 'firstName' | 'lastName' | 'position') => ({
    readOnly: profileLocked,
    variant: profileLocked ? 'filled' : 'default',
    ...(profileLocked && field === 'position' ? { description: t.profileLocked } : {}),
  });

  // Edit mode starts in the first field, as a dialog would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the row opens
  useEffect(() => form.setFocus(profileLocked ? 'admin' : 'firstName'), []);

  const showServerErrors = (e: unknown) =>
    showFieldErrors(e, setError, (field) => serverFieldToForm[field]);

  const save = handleSubmit(async (values) => {
    if (isNew) {
      try {
        await add.mutateAsync(addBody(values));
      } catch (e) {
        showServerErrors(e);
        void showError(teamUserSpecMessages.addFailed(problemText(e)));
        return;
      }
      onDone();
      void showSuccess(teamUserSpecMessages.invitedTitle, teamUserSpecMessages.invited);
      return;
    }
    const body = editBody(user, values);
    if (Object.keys(body).length === 0) return onDone();
    try {
      await edit.mutateAsync({ userId: user.id, body });
    } catch (e) {
      showServerErrors(e);
      void showError(teamUserSpecMessages.editFailed(problemText(e)));
      return;
    }
    onDone();
    void showSuccess(teamUserSpecMessages.editedTitle, teamUserSpecMessages.edited);
  });

  const title = isNew ? t.newUser : fullName(user);
  const saving = add.isPending || edit.isPending;

  return (
    <Card
      component="li"
      withBorder
      padding="md"
      className={classes.row}
      data-editing
      aria-label={title}
    >
      <form
        onSubmit={save}
        noValidate
        onKeyDown={(e) => {
          // Escape is the cross: it leaves edit mode without saving.
          if (e.key === 'Escape' && !saving) {
            e.stopPropagation();
            onDone();
          }
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{title}</Text>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t.save}>
                <ActionIcon
                  type="submit"
                  color="teal"
                  variant="light"
                  aria-label={t.save}
                  loading={saving}
                >
                  <IconCheck size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t.cancel}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t.cancel}
                  onClick={onDone}
                  disabled={saving}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t.fields.firstName}
              withAsterisk
              autoComplete="off"
              error={errors.firstName?.message}
              {...locked('firstName')}
              {...register('firstName')}
            />
            <TextInput
              label={t.fields.lastName}
              withAsterisk
              autoComplete="off"
              error={errors.lastName?.message}
              {...locked('lastName')}
              {...register('lastName')}
            />
            <TextInput
              label={t.fields.email}
              type="email"
              withAsterisk={isNew}
              autoComplete="off"
              readOnly={!isNew}
              variant={isNew ? 'default' : 'filled'}
              description={isNew ? undefined : t.emailFixed}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextInput
              label={t.fields.position}
              autoComplete="off"
              error={errors.position?.message}
              {...locked('position')}
              {...register('position')}
            />
          </SimpleGrid>
          <Group gap="xl" align="flex-start">
            <FormSwitch
              control={form.control}
              name="admin"
              label={t.fields.admin}
              lockedReason={adminLocked ? t.ownRole : undefined}
            />
            <FormSwitch
              control={form.control}
              name="license"
              label={t.fields.license}
              lockedReason={licenseLocked ? t.noFreeLicense : undefined}
            />
            {isNew && ctx.ssoAvailable && (
              <>
                <FormSwitch
                  control={form.control}
                  name="sso"
                  label={t.fields.sso}
                  // Turning SSO off forces password login back on (part2 §4).
                  onToggle={(on) => {
                    if (!on) setValue('password', true);
                  }}
                />
                <FormSwitch
                  control={form.control}
                  name="password"
                  label={t.fields.password}
                  lockedReason={sso ? undefined : ''}
                />
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type SwitchName = 'admin' | 'license' | 'password' | 'sso';

/** A switch of the form; `lockedReason` (even '') disables it and says why under the label. */
function FormSwitch({
  control,
  name,
  label,
  lockedReason,
  onToggle,
}: {
  control: Control<UserFormInput, unknown, UserFormValues>;
  name: SwitchName;
  label: string;
  lockedReason?: string;
  onToggle?: (on: boolean) => void;
}) {
  return (
    <SwitchField
      control={control}
      name={name}
      onValueChange={onToggle}
      label={label}
      // The reason under the label describes the switch rather than naming it.
      aria-label={label}
      disabled={lockedReason !== undefined}
      description={lockedReason || undefined}
    />
  );
}

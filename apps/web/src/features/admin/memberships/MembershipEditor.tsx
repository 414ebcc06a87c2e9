import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AssignableLicenseTypes,
  AssignableRoles,
  adminUsersTexts,
  friendlyServerMessages,
  limits,
  personName,
  serverMessages,
} from '@roomscale/shared';
import { IconAlertCircle, IconBuilding, IconUser } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type PickedTeam, type PickedUser, useSaveMembership, useUserTeamIds } from './api.ts';
import { membershipFailure } from './failureText.ts';
import { TeamSuggestField, UserSuggestField } from './SuggestField.tsx';

const t = adminUsersTexts.membership;

export type MembershipEditorProps = {
  opened: boolean;
  onClose: () => void;
  /** The fixed side: the user page fixes the user, the team page fixes the team. */
  user?: { id: string; name: string; email: string };
  team?: { id: string; name: string };
  /** Editing an existing membership (both sides fixed): its current role and license. */
  initial?: { role: 'User' | 'Admin'; licenseType: 'Trial' | 'License' };
  /** Called after a successful save. */
  onSaved?: () => void;
};

type Role = (typeof AssignableRoles)[number];
type License = (typeof AssignableLicenseTypes)[number];

/**
 * The admin user-in-team editor (part1 §2 dialogs, §5): the user page fixes the user, the team
 * page fixes the team, and the other side is picked from search suggestions, or made new from
 * an 'add new' entry (a user from an email, with first and last name; a team from a name). Role
 * and license type exclude None. Confirm needs a user and a team.
 */
export function MembershipEditor(props: MembershipEditorProps) {
  // Each opening starts afresh (the caller may keep the editor mounted between openings).
  const [round, setRound] = useState(0);
  const [wasOpened, setWasOpened] = useState(props.opened);
  if (props.opened !== wasOpened) {
    setWasOpened(props.opened);
    if (props.opened) setRound((r) => r + 1);
  }
  const [busy, setBusy] = useState(false);
  const title = props.initial ? t.editTitle : props.user ? t.addTitle : t.addUserTitle;

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t.close }}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
    >
      <EditorBody key={round} {...props} onBusy={setBusy} />
    </Modal>
  );
}

/** The new user an 'add new' entry stands for, until Confirm creates them. */
type NewUser = { email: string; firstName: string; lastName: string };

function EditorBody({
  onClose,
  user: fixedUser,
  team: fixedTeam,
  initial,
  onSaved,
  onBusy,
}: MembershipEditorProps & { onBusy: (busy: boolean) => void }) {
  const [user, setUser] = useState<PickedUser | null>(fixedUser ?? null);
  const [newUser, setNewUser] = useState<NewUser | null>(null);
  const [team, setTeam] = useState<PickedTeam | null>(fixedTeam ?? null);
  const [newTeam, setNewTeam] = useState<string | null>(null);
  const [role, setRole] = useState<Role>(initial?.role ?? 'User');
  const [licenseType, setLicenseType] = useState<License>(initial?.licenseType ?? 'Trial');
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveMembership({
    onUserCreated: (u) => {
      setUser(u);
      setNewUser(null);
    },
    onTeamCreated: (created) => {
      setTeam(created);
      setNewTeam(null);
    },
  });

  // Adding (not editing) an existing user to an existing team they are already in: said at once.
  const adding = !initial;
  const teamsOfUser = useUserTeamIds(adding && user ? user.id : null);
  const alreadyMember = adding && user && team && teamsOfUser.data?.has(team.id);

  const firstNameError = newUser ? nameError(newUser.firstName) : undefined;
  const lastNameError = newUser ? nameError(newUser.lastName) : undefined;
  const hasUser = user !== null || (newUser !== null && !firstNameError && !lastNameError);
  const hasTeam = team !== null || newTeam !== null;
  const canSave = hasUser && hasTeam && !alreadyMember;

  const confirm = async () => {
    if (!canSave) return;
    setFailure(null);
    onBusy(true);
    try {
      const saved = await save.mutateAsync({
        user: user ?? {
          create: {
            email: newUser?.email ?? '',
            firstName: newUser?.firstName.trim() ?? '',
            lastName: newUser?.lastName.trim() ?? '',
            superAdmin: false,
          },
        },
        team: team ?? { create: newTeam ?? '' },
        body: { role, licenseType },
      });
      notifications.show({
        color: 'teal',
        title: t.saved,
        message: t.savedText(saved.user.name, saved.team.name),
      });
      onSaved?.();
      onClose();
    } catch (e) {
      // The form keeps every choice: the admin fixes the cause and confirms again.
      setFailure(membershipFailure(e));
    } finally {
      onBusy(false);
    }
  };

  const busy = save.isPending;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="md">
        {user ? (
          <Picked
            icon={<IconUser size={18} aria-hidden />}
            label={t.user}
            title={user.name}
            detail={user.email}
            onChange={fixedUser || busy ? undefined : () => setUser(null)}
          />
        ) : newUser ? (
          <Stack gap="xs">
            <Picked
              icon={<IconUser size={18} aria-hidden />}
              label={t.newUser}
              title={newUser.email}
              detail={t.newUserIntro(newUser.email)}
              onChange={busy ? undefined : () => setNewUser(null)}
            />
            <Group grow align="flex-start" gap="sm">
              <TextInput
                label={adminUsersTexts.create.firstName}
                required
                data-autofocus
                autoComplete="off"
                maxLength={limits.nameMax}
                value={newUser.firstName}
                error={newUser.firstName && firstNameError}
                disabled={busy}
                onChange={(e) => setNewUser({ ...newUser, firstName: e.currentTarget.value })}
              />
              <TextInput
                label={adminUsersTexts.create.lastName}
                required
                autoComplete="off"
                maxLength={limits.nameMax}
                value={newUser.lastName}
                error={newUser.lastName && lastNameError}
                disabled={busy}
                onChange={(e) => setNewUser({ ...newUser, lastName: e.currentTarget.value })}
              />
            </Group>
          </Stack>
        ) : (
          <UserSuggestField
            label={t.userSearch}
            placeholder={t.userSearchPlaceholder}
            autoFocus
            onPick={setUser}
            onAddNew={(email) => setNewUser({ email, firstName: '', lastName: '' })}
          />
        )}

        {team ? (
          <Picked
            icon={<IconBuilding size={18} aria-hidden />}
            label={t.team}
            title={team.name}
            onChange={fixedTeam || busy ? undefined : () => setTeam(null)}
          />
        ) : newTeam !== null ? (
          <Picked
            icon={<IconBuilding size={18} aria-hidden />}
            label={t.newTeam}
            title={newTeam}
            onChange={busy ? undefined : () => setNewTeam(null)}
          />
        ) : (
          <TeamSuggestField
            label={t.teamSearch}
            placeholder={t.teamSearchPlaceholder}
            autoFocus={!!user}
            onPick={setTeam}
            onAddNew={setNewTeam}
          />
        )}

        <Group grow align="flex-start" gap="sm">
          <Select
            label={t.role}
            data={AssignableRoles.map((v) => ({ value: v, label: t.roles[v] }))}
            value={role}
            onChange={(v) => v && setRole(v as Role)}
            allowDeselect={false}
            disabled={busy}
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
          <Select
            label={t.licenseType}
            data={AssignableLicenseTypes.map((v) => ({ value: v, label: t.licenseTypes[v] }))}
            value={licenseType}
            onChange={(v) => v && setLicenseType(v as License)}
            allowDeselect={false}
            disabled={busy}
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
        </Group>

        {alreadyMember && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {friendlyServerMessages[serverMessages.alreadyMember]}
          </Alert>
        )}
        {failure && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} aria-hidden />}
          >
            {failure}
          </Alert>
        )}
        {!hasUser || !hasTeam ? (
          <Text size="sm" c="dimmed">
            {t.needBoth}
          </Text>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!canSave} loading={busy}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A chosen user or team, with a button to choose again when that side is not fixed. */
function Picked({
  icon,
  label,
  title,
  detail,
  onChange,
}: {
  icon: ReactNode;
  label: string;
  title: string;
  detail?: string;
  onChange?: () => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" radius="xl" size="lg">
              {icon}
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
              {detail && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {detail}
                </Text>
              )}
            </div>
          </Group>
          {onChange && (
            <Button variant="subtle" size="xs" onClick={onChange}>
              {t.change(label)}
            </Button>
          )}
        </Group>
      </Paper>
    </div>
  );
}

const nameError = (value: string) => personName.safeParse(value).error?.issues[0]?.message;

import {
  ActionIcon,
  Avatar,
  Badge,
  Combobox,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { meetingsTexts } from '@roomscale/shared';
import { IconMailPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTeamUserSearch } from './api.ts';
import classes from './MeetingForm.module.css';
import {
  addParticipant,
  type FormParticipant,
  guestEmail,
  guestParticipant,
  hasParticipant,
  participantName,
  removeParticipant,
  toggleModerator,
  userParticipant,
} from './meetingForm.ts';

const t = meetingsTexts.form;
/** Typing pauses this long before the team is searched. */
const SEARCH_DEBOUNCE_MS = 250;
const GUEST = 'guest:';

type Props = {
  value: FormParticipant[];
  onChange: (next: FormParticipant[]) => void;
  /** The signed-in user, marked 'you'. */
  meId: string | null;
  error?: string;
};

/**
 * Participants (part2 §5): team members suggested from 2 characters (5 results), anyone else as a
 * guest by a valid email; no duplicates; moderator status only for known users.
 */
export function ParticipantsField({ value, onChange, meId, error }: Props) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const users = useTeamUserSearch(term);
  const typed = search.trim();
  const email = guestEmail(typed);
  const suggestions =
    typed.length >= 2 && term.trim() === typed
      ? // A pending invitee is not a member yet: not a user to pick (the address still works).
        (users.data?.results.results ?? []).filter((u) => !u.invitationPending)
      : [];
  const offerGuest = email !== null && !suggestions.some((u) => u.email.toLowerCase() === email);

  const add = (p: FormParticipant) => {
    onChange(addParticipant(value, p));
    setSearch('');
    combobox.closeDropdown();
  };

  const pick = (optionValue: string) => {
    if (optionValue.startsWith(GUEST)) {
      add(guestParticipant(optionValue.slice(GUEST.length)));
      return;
    }
    const user = suggestions.find((u) => u.id === optionValue);
    if (user && !hasParticipant(value, user.email)) add(userParticipant(user));
  };

  const searching = typed.length >= 2 && (users.isFetching || term.trim() !== typed);
  const options = [
    ...suggestions.map((u) => {
      const added = hasParticipant(value, u.email);
      return (
        <Combobox.Option value={u.id} key={u.id} disabled={added}>
          <Group gap="sm" wrap="nowrap">
            <Avatar size={28} radius="xl" color="indigo" name={`${u.firstName} ${u.lastName}`} />
            <div className={classes.grow}>
              <Text size="sm" fw={500}>
                {u.firstName} {u.lastName}
              </Text>
              <Text size="xs" c="dimmed">
                {u.email}
              </Text>
            </div>
            {added && (
              <Text size="xs" c="dimmed">
                {t.alreadyAdded}
              </Text>
            )}
          </Group>
        </Combobox.Option>
      );
    }),
    ...(offerGuest
      ? [
          <Combobox.Option
            value={`${GUEST}${email}`}
            key="guest"
            disabled={hasParticipant(value, email)}
          >
            <Group gap="sm" wrap="nowrap">
              <IconMailPlus size={20} aria-hidden className={classes.optionIcon} />
              <Text size="sm">
                {hasParticipant(value, email) ? t.alreadyAdded : t.addGuest(email)}
              </Text>
            </Group>
          </Combobox.Option>,
        ]
      : []),
  ];

  let empty: string | null = null;
  if (options.length === 0 && typed.length >= 2) {
    if (searching) empty = t.searching;
    else if (users.isError) empty = t.searchFailed;
    else empty = t.noSuggestions;
  }

  return (
    <Stack gap="sm">
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal zIndex={1000}>
        <Combobox.Target>
          <TextInput
            label={t.participantSearch}
            placeholder={t.participantSearchPlaceholder}
            description={t.participantSearchHelp}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={searching ? <Loader size={14} /> : null}
            value={search}
            error={error}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              // Enter on a typed address with no option chosen adds the guest.
              if (e.key === 'Enter') {
                e.preventDefault();
                if (combobox.getSelectedOptionIndex() < 0 && email && offerGuest) {
                  add(guestParticipant(email));
                }
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={typed.length < 2}>
          <Combobox.Options>
            {options}
            {empty && <Combobox.Empty>{empty}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>

      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noParticipants}
        </Text>
      ) : (
        <Paper withBorder radius="md" className={classes.list}>
          {value.map((p) => (
            <ParticipantRow
              key={p.email}
              p={p}
              me={p.userId !== null && p.userId === meId}
              onToggle={() => onChange(toggleModerator(value, p.email))}
              onRemove={() => onChange(removeParticipant(value, p.email))}
            />
          ))}
        </Paper>
      )}
    </Stack>
  );
}

function ParticipantRow({
  p,
  me,
  onToggle,
  onRemove,
}: {
  p: FormParticipant;
  me: boolean;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const name = participantName(p);
  const known = p.userId !== null;
  const moderator = p.participantType === 'Moderator';
  return (
    <Group gap="sm" wrap="nowrap" className={classes.row} data-testid="participant">
      <Avatar
        size={32}
        radius="xl"
        color={known ? 'indigo' : 'gray'}
        name={known ? name : undefined}
      >
        {known ? undefined : <IconMailPlus size={16} aria-hidden />}
      </Avatar>
      <div className={classes.grow}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} className={classes.ellipsis}>
            {name}
          </Text>
          {me && (
            <Text size="xs" c="dimmed">
              ({t.you})
            </Text>
          )}
        </Group>
        {known && (
          <Text size="xs" c="dimmed" className={classes.ellipsis}>
            {p.email}
          </Text>
        )}
      </div>
      {known ? (
        <Switch
          size="sm"
          label={t.moderator}
          checked={moderator}
          onChange={onToggle}
          aria-label={t.moderatorToggle(name)}
          className={classes.noShrink}
        />
      ) : (
        <Badge variant="light" color="gray" radius="sm" className={classes.noShrink}>
          {t.guest}
        </Badge>
      )}
      <Tooltip label={t.removeParticipant(name)} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onRemove}
          aria-label={t.removeParticipant(name)}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { adminUsersTexts, email as emailRule } from '@roomscale/shared';
import { IconBuildingPlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type PickedTeam, type PickedUser, useTeamSuggestions, useUserSuggestions } from './api.ts';

const t = adminUsersTexts.membership;
/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 300;
const ADD_NEW = '\u0000new';

type Common = { label: string; placeholder: string; error?: string; autoFocus?: boolean };

/** A typed email a new user could be made from, or null. */
const newEmail = (typed: string) => {
  const parsed = emailRule.safeParse(typed);
  return parsed.success ? parsed.data : null;
};

/**
 * The search box of the unfixed side of the membership editor (part1 §5): the first 5 matches,
 * and an 'add new' entry when none is the typed one (a new user by email, a new team by name).
 */
export function UserSuggestField({
  onPick,
  onAddNew,
  ...common
}: Common & { onPick: (u: PickedUser) => void; onAddNew: (email: string) => void }) {
  return (
    <SuggestBox
      {...common}
      useSuggestions={useUserSuggestions}
      optionOf={(u) => ({ value: u.id, title: u.name, detail: u.email })}
      // Emails are unique: a new user is offered unless the address is among the matches.
      addNew={(typed, found) => {
        const email = newEmail(typed);
        if (email === null) return found.length === 0 ? { hint: t.addNewUserHint } : null;
        if (found.some((u) => u.email.toLowerCase() === email)) return null;
        return { label: t.addNewUser(email), pick: () => onAddNew(email) };
      }}
      onPick={onPick}
      icon={<IconUserPlus size={18} aria-hidden />}
    />
  );
}

export function TeamSuggestField({
  onPick,
  onAddNew,
  ...common
}: Common & { onPick: (t: PickedTeam) => void; onAddNew: (name: string) => void }) {
  return (
    <SuggestBox
      {...common}
      useSuggestions={useTeamSuggestions}
      optionOf={(team) => ({ value: team.id, title: team.name })}
      addNew={(typed, found) =>
        found.length === 0 && typed.length >= 2
          ? { label: t.addNewTeam(typed), pick: () => onAddNew(typed) }
          : null
      }
      onPick={onPick}
      icon={<IconBuildingPlus size={18} aria-hidden />}
    />
  );
}

type AddNew = { label: string; pick: () => void } | { hint: string } | null;

function SuggestBox<T>({
  label,
  placeholder,
  error,
  autoFocus,
  useSuggestions,
  optionOf,
  addNew,
  onPick,
  icon,
}: Common & {
  useSuggestions: (search: string) => {
    data?: T[];
    isFetching: boolean;
    isError: boolean;
  };
  optionOf: (item: T) => { value: string; title: string; detail?: string };
  addNew: (typed: string, found: T[]) => AddNew;
  onPick: (item: T) => void;
  icon: React.ReactNode;
}) {
  const [input, setInput] = useState('');
  const typed = input.trim();
  const [term] = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions = useSuggestions(term);
  const settled = term === typed && typed !== '' && !suggestions.isFetching;
  const found = settled && !suggestions.isError ? (suggestions.data ?? []) : [];
  const extra = settled && !suggestions.isError ? addNew(typed, found) : null;

  const submit = (value: string) => {
    if (value === ADD_NEW) {
      if (extra && 'pick' in extra) extra.pick();
    } else {
      const item = found.find((i) => optionOf(i).value === value);
      if (item) onPick(item);
    }
    combobox.closeDropdown();
  };

  let empty: string | null = null;
  if (typed !== '' && !settled) empty = t.searching;
  else if (suggestions.isError) empty = t.searchFailed;
  else if (found.length === 0 && !(extra && 'pick' in extra)) {
    empty = extra && 'hint' in extra ? `${t.noMatch} ${extra.hint}` : t.noMatch;
  }

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal zIndex={1000}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          error={error}
          data-autofocus={autoFocus || undefined}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={typed !== '' && !settled ? <Loader size={14} /> : null}
          value={input}
          autoComplete="off"
          onChange={(e) => {
            setInput(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            // Enter picks the highlighted option; it never submits the editor's form.
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={typed === ''}>
        <Combobox.Options>
          {found.map((item) => {
            const o = optionOf(item);
            return (
              <Combobox.Option value={o.value} key={o.value}>
                <Text size="sm" fw={500}>
                  {o.title}
                </Text>
                {o.detail && (
                  <Text size="xs" c="dimmed">
                    {o.detail}
                  </Text>
                )}
              </Combobox.Option>
            );
          })}
          {extra && 'pick' in extra && (
            <Combobox.Option value={ADD_NEW} key={ADD_NEW}>
              <Group gap="xs" wrap="nowrap">
                {icon}
                <Text size="sm" fw={500}>
                  {extra.label}
                </Text>
              </Group>
            </Combobox.Option>
          )}
          {empty && <Combobox.Empty>{empty}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

import { CloseButton, Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { auditTexts } from '@roomscale/shared';
import { useState } from 'react';
import { type PickerKind, type Suggestion, useFilterName, useSuggestions } from './filtersApi.ts';

const t = auditTexts.filters;

/** Suggestions follow typing after this pause, so each key does not cost a request. */
const suggestDelayMs = 300;

const texts = {
  team: { label: t.team, placeholder: t.teamPlaceholder, clear: t.clearTeam, held: t.selectedTeam },
  user: { label: t.user, placeholder: t.userPlaceholder, clear: t.clearUser, held: t.selectedUser },
} as const;

type Props = {
  kind: PickerKind;
  /** The chosen id, '' for none. */
  value: string;
  onChange: (id: string) => void;
};

/** A team or user filter: type to get the first few matches, pick one, clear it with the cross. */
export function FilterPicker({ kind, value, onChange }: Props) {
  const x = texts[kind];
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const { name, remember } = useFilterName(kind, value);
  const label = value ? (name ?? x.held) : '';
  // With a choice made the box shows its name; that is not a search for it.
  const typed = search === label ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, suggestDelayMs);
  const suggestions = useSuggestions(kind, debounced, opened);

  const found = suggestions.data ?? [];
  const data: Suggestion[] =
    value && !found.some((s) => s.value === value) ? [{ value, label }, ...found] : found;
  const byId = new Map(data.map((s) => [s.value, s]));

  return (
    <Select
      label={x.label}
      placeholder={x.placeholder}
      searchable
      value={value || null}
      data={data.map(({ value: v, label: l }) => ({ value: v, label: l }))}
      // The server already matched the search; the box must not filter its answer again.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onChange={(id) => {
        const picked = id ? byId.get(id) : undefined;
        if (picked) remember(picked);
        onChange(id ?? '');
      }}
      nothingFoundMessage={
        suggestions.isError
          ? t.suggestionsFailed
          : suggestions.isFetching
            ? undefined
            : t.noSuggestions
      }
      // Our own clear button: Mantine's is hidden from screen readers and out of the tab order.
      rightSection={
        suggestions.isFetching && opened ? (
          <Loader size={14} />
        ) : value ? (
          <CloseButton
            size="sm"
            aria-label={x.clear}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setSearch('');
              onChange('');
            }}
          />
        ) : undefined
      }
      rightSectionPointerEvents={value ? 'all' : 'none'}
      renderOption={({ option }) => {
        const email = byId.get(option.value)?.description;
        return (
          <Group gap={0} wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {email && (
                <Text size="xs" c="dimmed" truncate>
                  {email}
                </Text>
              )}
            </div>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { adminTexts, limits, roomLimits } from '@roomscale/shared';
import { adminApi } from '@roomscale/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../api/client.ts';

const t = adminTexts.templateEdit;

/** How long typing settles before the teams are searched. */
const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Team names by id: the template's allowed teams as the server answered them. */
  names: Record<string, string>;
  enabled: boolean;
  error?: string;
};

/**
 * Allowed teams of an OrganizationAllowlist template: typing searches every team by name (the
 * admin team list, first page), chosen teams show by name. Names of teams picked here are kept
 * while the search moves on, so a chip never falls back to an id.
 */
export function AllowedTeamsField({ value, onChange, names, enabled, error }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const teams = useQuery({
    queryKey: ['admin', 'organizations', 'suggestions', debounced],
    queryFn: ({ signal }) =>
      call(adminApi.listOrganizations, {
        query: { Filter: debounced || undefined, Page: 1, PageSize: limits.suggestionCount },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

  const labels = new Map<string, string>();
  for (const [id, name] of Object.entries({ ...names, ...picked })) labels.set(id, name);
  for (const team of teams.data?.results ?? []) labels.set(team.id, team.name);
  for (const id of value) if (!labels.has(id)) labels.set(id, t.unknownTeamName(id));
  const data = [...labels]
    .map(([id, label]) => ({ value: id, label }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const choose = (ids: string[]) => {
    setPicked((prev) => {
      const next = { ...prev };
      for (const id of ids) if (!next[id] && labels.has(id)) next[id] = labels.get(id)!;
      return next;
    });
    onChange(ids);
  };

  return (
    <MultiSelect
      label={t.labels.allowedTeams}
      description={enabled ? t.allowedTeamsHint : t.allowedTeamsDisabled}
      placeholder={value.length === 0 ? t.searchTeams : undefined}
      data={data}
      value={value}
      onChange={choose}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters; every team it answers is a match.
      filter={({ options }) => options}
      clearable
      disabled={!enabled}
      maxValues={roomLimits.allowedOrganizationsMax}
      error={error}
      rightSection={teams.isFetching ? <Loader size={14} aria-label={t.searchingTeams} /> : null}
      nothingFoundMessage={teams.isFetching ? t.searchingTeams : t.noTeamFound}
    />
  );
}

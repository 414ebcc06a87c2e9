import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { adminTexts, roomLimits, id as uuid } from '@roomscale/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMyTeams } from '../../../app/teams.ts';

const t = adminTexts.templateEdit;

type Props = {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Team names by id: the template's allowed teams and any the admin added here. */
  names: Record<string, string>;
  enabled: boolean;
  error?: string;
};

/**
 * Allowed teams of an OrganizationAllowlist template. The API takes team ids and offers no
 * team search yet, so the choices are the teams the admin belongs to and the ones already
 * allowed; any other team is added by its id (the server rejects unknown ids).
 */
export function AllowedTeamsField({ value, onChange, names, enabled, error }: Props) {
  const myTeams = useMyTeams();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);

  const labels = new Map<string, string>();
  for (const team of myTeams.data ?? []) labels.set(team.id, team.name);
  for (const [id, name] of Object.entries(names)) labels.set(id, name);
  for (const id of value) if (!labels.has(id)) labels.set(id, t.unknownTeamName(id));
  const data = [...labels]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const addTyped = () => {
    const candidate = typed.trim().toLowerCase();
    if (!uuid.safeParse(candidate).success) return setTypedError(t.invalidTeamId);
    if (value.includes(candidate)) return setTypedError(t.duplicateTeamId);
    onChange([...value, candidate]);
    setTyped('');
    setTypedError(null);
  };

  return (
    <Stack gap="xs">
      <MultiSelect
        label={t.labels.allowedTeams}
        description={enabled ? t.allowedTeamsHint : t.allowedTeamsDisabled}
        placeholder={value.length === 0 ? t.noAllowedTeams : undefined}
        data={data}
        value={value}
        onChange={onChange}
        searchable
        clearable
        disabled={!enabled}
        maxValues={roomLimits.allowedOrganizationsMax}
        error={error}
        nothingFoundMessage={t.noAllowedTeams}
      />
      {enabled && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t.teamIdLabel}
            placeholder={t.teamIdPlaceholder}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setTypedError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
            error={typedError}
            style={{ flex: 1 }}
            size="sm"
            ff="monospace"
          />
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addTyped}
            disabled={!typed.trim()}
          >
            {t.addTeamId}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Membership, publicTexts } from '@roomscale/shared';
import { IconChevronRight } from '@tabler/icons-react';
import classes from './ExistingTeams.module.css';

/** The teams the user already belongs to, to pick one instead of creating another. */
export function ExistingTeams({
  teams,
  onPick,
}: {
  teams: readonly Membership[];
  onPick: (team: Membership) => void;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm">{publicTexts.teamCreate.pickExisting}</Text>
      <ul className={classes.list}>
        {teams.map((team) => (
          <li key={team.id}>
            <UnstyledButton className={classes.item} onClick={() => onPick(team)}>
              <Group wrap="nowrap" gap="sm">
                <Avatar color="blue" radius="md" size={36}>
                  {team.name.slice(0, 1).toUpperCase()}
                </Avatar>
                <div className={classes.text}>
                  <Text fw={600} size="sm" truncate>
                    {team.name}
                  </Text>
                  <Text c="dimmed" size="xs">
                    {publicTexts.teamCreate.roleLabel(team.role, team.licenseType)}
                  </Text>
                </div>
                <IconChevronRight size={18} aria-hidden="true" className={classes.chevron} />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

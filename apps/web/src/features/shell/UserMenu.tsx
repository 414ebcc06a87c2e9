import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { type Membership, shellTexts } from '@roomscale/shared';
import {
  IconCheck,
  IconChevronDown,
  IconLogout,
  IconPlus,
  IconShieldLock,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ProfileIcon } from '../../components/ProfileIcon.tsx';
import { useProfileImage } from '../../components/useProfileImage.ts';
import { session, useSession } from '../../session/session.ts';
import { useMyTeams } from '../../session/teams.ts';
import { useLogout } from '../../session/useLogout.ts';
import { PendingInvitations } from '../invitations/PendingInvitations.tsx';
import classes from './UserMenu.module.css';

const t = shellTexts.userMenu;

/**
 * The user menu (part1 §2): picture or initial, full name and current team; the teams to switch
 * between with the open invitations to join others (Accept, Decline) and 'Create a team',
 * Administrator for super admins, Profile and Log out.
 */
export function UserMenu() {
  const { user, team } = useSession();
  const teams = useMyTeams();
  const navigate = useNavigate();
  const logout = useLogout();
  const picture = useProfileImage('user', user?.id, user?.imageUpdated);
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.name || user.email;

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={t.open}>
          <Group gap="sm" wrap="nowrap">
            {/* The picture, or the initial letter when there is none (the part1 §8 fallback). */}
            <ProfileIcon name={fullName} size="md" src={picture.src} />
            <div className={classes.names}>
              <Text size="sm" fw={600} lh={1.2} truncate>
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                {team?.name ?? t.noTeam}
              </Text>
            </div>
            <IconChevronDown size={16} stroke={1.7} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.header}>
          <Text size="sm" fw={600} truncate>
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Label>{t.teams}</Menu.Label>
        {teams.isPending && <Menu.Item disabled>{t.teamsLoading}</Menu.Item>}
        {teams.isError && <Menu.Item disabled>{t.teamsFailed}</Menu.Item>}
        {teams.data?.length === 0 && <Menu.Item disabled>{t.noTeams}</Menu.Item>}
        <PendingInvitations />
        {teams.data?.map((m) => {
          const current = m.id === team?.id;
          return (
            <Menu.Item
              key={m.id}
              leftSection={<TeamIcon team={m} />}
              rightSection={
                current ? (
                  <IconCheck
                    size={16}
                    aria-label={t.current}
                    color="var(--mantine-primary-color-filled)"
                  />
                ) : null
              }
              onClick={() => {
                if (current) {
                  navigate('/team');
                  return;
                }
                session.selectTeam(m);
                navigate('/dashboard');
              }}
              fw={current ? 600 : undefined}
            >
              {m.name}
            </Menu.Item>
          );
        })}
        <Menu.Item
          component={Link}
          to="/organization/create"
          leftSection={<IconPlus size={16} stroke={1.7} aria-hidden />}
        >
          {t.createTeam}
        </Menu.Item>
        <Menu.Divider />
        {user.superAdmin && (
          <Menu.Item
            leftSection={<IconShieldLock size={16} stroke={1.7} aria-hidden />}
            onClick={() => navigate('/admin')}
          >
            {t.administrator}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconUser size={16} stroke={1.7} aria-hidden />}
          onClick={() => navigate('/profile')}
        >
          {t.profile}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} stroke={1.7} aria-hidden />}
          onClick={() => void logout()}
        >
          {t.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A team's logo in the switcher, or the teams icon when it has none. */
function TeamIcon({ team }: { team: Pick<Membership, 'id' | 'name' | 'imageUpdated'> }) {
  const logo = useProfileImage('organization', team.id, team.imageUpdated);
  if (!team.imageUpdated) return <IconUsersGroup size={16} stroke={1.7} aria-hidden />;
  return <ProfileIcon name={team.name} size="xs" src={logo.src} alt="" />;
}

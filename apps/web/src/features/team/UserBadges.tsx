import { Badge, Group } from '@mantine/core';
import { type TeamUser, teamTexts } from '@roomscale/shared';
import { IconBrandMeta, IconKey, IconMailForward, IconPassword } from '@tabler/icons-react';

const t = teamTexts.users.row;

/** Role, license, activation state and login methods of a team user (part2 §3). */
export function UserBadges({ user }: { user: TeamUser }) {
  const role = user.role === 'Admin' ? 'Admin' : 'User';
  const license = user.licenseType === 'License' ? 'License' : 'Trial';
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      {user.invitationPending && (
        <Badge
          color="blue"
          variant="light"
          tt="none"
          leftSection={<IconMailForward size={12} aria-hidden />}
        >
          {t.pending}
        </Badge>
      )}
      {!user.userActivated && !user.invitationPending && (
        <Badge
          color="orange"
          variant="light"
          tt="none"
          leftSection={<IconMailForward size={12} aria-hidden />}
        >
          {t.invitationSent}
        </Badge>
      )}
      <Badge color={role === 'Admin' ? 'violet' : 'gray'} variant="light" tt="none">
        {t.roles[role]}
      </Badge>
      <Badge color={license === 'License' ? 'teal' : 'gray'} variant="light" tt="none">
        {t.licenses[license]}
      </Badge>
      <Group gap={4} wrap="nowrap" role="list" aria-label={t.logins.label}>
        {user.hasRoomscaleLogin && (
          <LoginBadge icon={<IconPassword size={12} aria-hidden />} label={t.logins.password} />
        )}
        {user.hasSsoLogin && (
          <LoginBadge icon={<IconKey size={12} aria-hidden />} label={t.logins.sso} />
        )}
        {user.hasOculusLogin && (
          <LoginBadge icon={<IconBrandMeta size={12} aria-hidden />} label={t.logins.meta} />
        )}
      </Group>
    </Group>
  );
}

function LoginBadge({ icon, label }: { icon: React.ReactNode; label: string }) {
  return (
    <Badge role="listitem" color="gray" variant="outline" tt="none" leftSection={icon}>
      {label}
    </Badge>
  );
}

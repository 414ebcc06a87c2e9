import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { profileTexts } from '@roomscale/shared';
import { useSession } from '../../session/session.ts';
import { AvatarCard } from './AvatarCard.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { LinkedAccounts } from './LinkedAccounts.tsx';
import { ProfilePicture } from './ProfilePicture.tsx';
import { UserInfoForm } from './UserInfoForm.tsx';

/**
 * /profile (part2 §2): picture, avatar, user information, password (only with a password login)
 * and linked accounts, one card each; two columns on wide screens, one on a phone.
 */
export function ProfilePage() {
  const { user: me } = useSession();
  // The route guard lets only a signed-in user with an app user in.
  if (!me) return null;
  const fullName = `${me.firstName} ${me.lastName}`.trim() || me.name || me.email;
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {profileTexts.title}
        </Title>
        <Text c="dimmed" mt={4}>
          {profileTexts.intro}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfilePicture me={me} fullName={fullName} />
        <AvatarCard avatarUrl={me.readyPlayerMeAvatar} />
        <UserInfoForm me={me} />
        {me.hasRoomscaleLogin && <ChangePasswordForm />}
      </SimpleGrid>
      <LinkedAccounts me={me} />
    </Stack>
  );
}

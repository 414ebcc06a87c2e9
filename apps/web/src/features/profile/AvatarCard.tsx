import { Box, Button, Group, Text, ThemeIcon } from '@mantine/core';
import { profileTexts } from '@roomscale/shared';
import { IconEdit, IconRefresh, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Section } from '../../components/Section.tsx';
import { ModelViewer } from '../files/viewers/ModelViewer.tsx';

const t = profileTexts.avatar;

/**
 * Whether the page may load the avatar's model itself: the content security policy lets the
 * dashboard fetch from its own origin only, so the default avatar shows in 3D while one kept by
 * the avatar builder's host does not.
 */
export function isViewableAvatar(url: string, origin: string): boolean {
  try {
    const u = new URL(url, origin);
    return u.origin === origin && /\.(glb|gltf)$/i.test(u.pathname);
  } catch {
    return false;
  }
}

/** The user's avatar (part2 §2) with 'Edit avatar' and 'Remake avatar'. */
export function AvatarCard({ avatarUrl }: { avatarUrl: string | null }) {
  const url = avatarUrl?.trim() || null;
  return (
    <Section id="profile-avatar-title" title={t.heading} intro={t.intro}>
      {url && isViewableAvatar(url, window.location.origin) ? (
        <Box h={240}>
          <ModelViewer src={url} alt={t.viewerLabel} />
        </Box>
      ) : (
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconUserCircle size={34} />
          </ThemeIcon>
          <Text size="sm">{url ? t.set : t.none}</Text>
        </Group>
      )}
      <Group gap="sm">
        <Button
          component={Link}
          to="/profile/edit-avatar"
          leftSection={<IconEdit size={16} aria-hidden />}
        >
          {t.edit}
        </Button>
        <Button
          component={Link}
          to="/profile/edit-avatar?remake=true"
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
        >
          {t.remake}
        </Button>
      </Group>
    </Section>
  );
}

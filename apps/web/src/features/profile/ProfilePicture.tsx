import { Group, Stack, Text } from '@mantine/core';
import { type Me, profileTexts } from '@roomscale/shared';
import { PictureControls } from '../../components/PictureControls.tsx';
import { ProfileIcon } from '../../components/ProfileIcon.tsx';
import { Section } from '../../components/Section.tsx';
import { useProfileImage } from '../../components/useProfileImage.ts';
import { useRemoveMyPicture, useUploadMyPicture } from './api.ts';

const t = profileTexts.picture;

/** The user's picture (part2 §2, §5 'Profile image upload'), as the user menu shows it. */
export function ProfilePicture({ me, fullName }: { me: Me; fullName: string }) {
  const upload = useUploadMyPicture();
  const remove = useRemoveMyPicture();
  const { src } = useProfileImage('user', me.id, me.imageUpdated);
  return (
    <Section id="profile-picture-title" title={t.heading} intro={t.intro}>
      <Group gap="lg" wrap="nowrap" align="center">
        <ProfileIcon name={fullName} src={src} size="xl" alt={t.alt} />
        <Stack gap="xs">
          <PictureControls
            hasPicture={!!me.imageUpdated}
            onUpload={(file) => upload.mutateAsync(file)}
            uploading={upload.isPending}
            onRemove={() => remove.mutateAsync()}
            removing={remove.isPending}
            texts={t}
            subject={fullName}
          />
          <Text size="xs" c="dimmed">
            {t.hint}
          </Text>
        </Stack>
      </Group>
    </Section>
  );
}

import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { teamTexts } from '@roomscale/shared';
import { PictureControls } from '../../components/PictureControls.tsx';
import { useProfileImage } from '../../components/useProfileImage.ts';
import { useRemoveTeamLogo, useUploadTeamLogo } from './detailsApi.ts';
import classes from './TeamDetails.module.css';

const t = teamTexts.details.logo;

type Props = { teamId: string; teamName: string; imageUpdated: string | null };

/**
 * The team logo (part2 §2 Details, §5 'Profile image upload'). The previews show the logo where
 * it appears: wide, as on a room banner, and small, as in menus.
 */
export function TeamLogo({ teamId, teamName, imageUpdated }: Props) {
  const upload = useUploadTeamLogo(teamId);
  const remove = useRemoveTeamLogo(teamId);
  const { src, loading } = useProfileImage('organization', teamId, imageUpdated);

  const initial = teamName.slice(0, 1).toUpperCase();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="team-logo-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="team-logo-title">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.text}
          </Text>
        </div>
        <Group gap="lg" align="flex-end" role="group" aria-label={t.previewsLabel}>
          <figure className={classes.figure}>
            <div className={classes.wide} data-empty={(!src && !loading) || undefined}>
              {src ? (
                <img src={src} alt={t.alt(teamName)} className={classes.image} />
              ) : loading ? null : (
                <span className={classes.initial}>{t.none}</span>
              )}
            </div>
            <figcaption className={classes.caption}>{t.wide}</figcaption>
          </figure>
          <figure className={classes.figure}>
            <div className={classes.small} data-empty={(!src && !loading) || undefined}>
              {src ? (
                <img src={src} alt="" className={classes.image} />
              ) : loading ? null : (
                <span className={classes.initial} aria-hidden>
                  {initial}
                </span>
              )}
            </div>
            <figcaption className={classes.caption}>{t.small}</figcaption>
          </figure>
        </Group>
        <Text size="xs" c="dimmed">
          {t.hint}
        </Text>
        <PictureControls
          hasPicture={!!imageUpdated}
          onUpload={(file) => upload.mutateAsync(file)}
          uploading={upload.isPending}
          onRemove={() => remove.mutateAsync()}
          removing={remove.isPending}
          texts={t}
          subject={teamName}
        />
      </Stack>
    </Card>
  );
}

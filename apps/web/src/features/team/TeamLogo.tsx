import { Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  dialogLabels,
  profileImageAccept,
  profileImageMessages,
  profileImageProblem,
  profileImageUrl,
  teamTexts,
} from '@roomscale/shared';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { serverMessage } from '../../api/errors.ts';
import { showAlert, showConfirm } from '../../components/dialogs.tsx';
import { useRemoveTeamLogo, useUploadTeamLogo } from './detailsApi.ts';
import classes from './TeamDetails.module.css';

const t = teamTexts.details.logo;

type Props = { teamId: string; teamName: string; imageUpdated: string | null };

/**
 * The team logo (part2 §2 Details, §5 'Profile image upload'): the picked file is checked here
 * (type by extension, size) before it is sent; the server checks it again, bytes included. The
 * previews show the logo where it appears: wide, as on a room banner, and small, as in menus.
 */
export function TeamLogo({ teamId, teamName, imageUpdated }: Props) {
  const upload = useUploadTeamLogo(teamId);
  const remove = useRemoveTeamLogo(teamId);
  const src = imageUpdated ? profileImageUrl('organization', teamId, imageUpdated) : null;

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      await showAlert({ title: dialogLabels.errorTitle, content: problem });
      return;
    }
    try {
      await upload.mutateAsync(file);
    } catch (e) {
      await showAlert({
        title: dialogLabels.errorTitle,
        content: profileImageMessages.uploadFailed(serverMessage(e)),
      });
      return;
    }
    notifications.show({ color: 'teal', title: t.uploaded, message: teamName });
  };

  const onRemove = async () => {
    const sure = await showConfirm({
      title: t.removeTitle,
      content: t.removeText,
      confirmLabel: t.remove,
      danger: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync();
    } catch (e) {
      await showAlert({ title: dialogLabels.errorTitle, content: serverMessage(e) });
      return;
    }
    notifications.show({ color: 'teal', title: t.removed, message: teamName });
  };

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
            <div className={classes.wide} data-empty={!src || undefined}>
              {src ? (
                <img src={src} alt={t.alt(teamName)} className={classes.image} />
              ) : (
                <span className={classes.initial}>{t.none}</span>
              )}
            </div>
            <figcaption className={classes.caption}>{t.wide}</figcaption>
          </figure>
          <figure className={classes.figure}>
            <div className={classes.small} data-empty={!src || undefined}>
              {src ? (
                <img src={src} alt="" className={classes.image} />
              ) : (
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
        <Group gap="sm">
          <FileButton onChange={(f) => void pick(f)} accept={profileImageAccept}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {src ? t.replace : t.upload}
              </Button>
            )}
          </FileButton>
          {src && (
            <Button
              variant="default"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void onRemove()}
              loading={remove.isPending}
            >
              {t.remove}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

import { Button, FileButton, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  dialogLabels,
  profileImageAccept,
  profileImageMessages,
  profileImageProblem,
} from '@roomscale/shared';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { serverMessage } from '../api/errors.ts';
import { showAlert, showConfirm } from './dialogs.tsx';

export type PictureTexts = {
  upload: string;
  replace: string;
  remove: string;
  removeTitle: string;
  removeText: string;
  uploaded: string;
  removed: string;
};

type Props = {
  hasPicture: boolean;
  /** Sends a picked file that passed the checks; rejects when the server refuses it. */
  onUpload: (file: File) => Promise<unknown>;
  uploading: boolean;
  onRemove: () => Promise<unknown>;
  removing: boolean;
  texts: PictureTexts;
  /** Named in the notifications: whose picture changed. */
  subject: string;
};

/**
 * Upload and Remove buttons of a profile image, a user's or a team's (part2 §5 'Profile image
 * upload'): the picked file is checked here (type by extension, size) before it is sent, with the
 * spec's alerts; the server checks it again, bytes included. Removing asks first.
 */
export function PictureControls({
  hasPicture,
  onUpload,
  uploading,
  onRemove,
  removing,
  texts,
  subject,
}: Props) {
  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      await showAlert({ title: dialogLabels.errorTitle, content: problem });
      return;
    }
    try {
      await onUpload(file);
    } catch (e) {
      await showAlert({
        title: dialogLabels.errorTitle,
        content: profileImageMessages.uploadFailed(serverMessage(e)),
      });
      return;
    }
    notifications.show({ color: 'teal', title: texts.uploaded, message: subject });
  };

  const remove = async () => {
    const sure = await showConfirm({
      title: texts.removeTitle,
      content: texts.removeText,
      confirmLabel: texts.remove,
      danger: true,
    });
    if (!sure) return;
    try {
      await onRemove();
    } catch (e) {
      await showAlert({ title: dialogLabels.errorTitle, content: serverMessage(e) });
      return;
    }
    notifications.show({ color: 'teal', title: texts.removed, message: subject });
  };

  return (
    <Group gap="sm">
      <FileButton onChange={(f) => void pick(f)} accept={profileImageAccept}>
        {(props) => (
          <Button
            {...props}
            leftSection={<IconPhotoUp size={16} aria-hidden />}
            loading={uploading}
          >
            {hasPicture ? texts.replace : texts.upload}
          </Button>
        )}
      </FileButton>
      {hasPicture && (
        <Button
          variant="default"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void remove()}
          loading={removing}
        >
          {texts.remove}
        </Button>
      )}
    </Group>
  );
}

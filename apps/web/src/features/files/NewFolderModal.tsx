import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { fileName, filesTexts } from '@roomscale/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { type LibraryTarget, useCreateFolder } from './api.ts';
import { libraryPath, libraryScopeOf } from './paths.ts';

const t = filesTexts.newFolder;

/**
 * 'New' → Folder (part2 §2, §5): a required name, the confirm button disabled while it is
 * invalid; the new folder opens in its scope's route. A refused create shows the server's
 * message in the 'Error' modal.
 */
export function NewFolderModal({
  target,
  onClose,
}: {
  target: LibraryTarget;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const create = useCreateFolder(target.teamId);
  const navigate = useNavigate();
  const parsed = fileName.safeParse(name);
  const error = name !== '' && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    try {
      const folder = await create.mutateAsync({
        name: parsed.data,
        type: 'Folder',
        parentFileId: target.parentFileId,
        scope: target.scope,
        source: 'WebPlatform',
      });
      onClose();
      navigate(libraryPath(libraryScopeOf(folder), folder.fileId));
    } catch (err) {
      void showError(serverMessage(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={t.name}
            placeholder={t.placeholder}
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!parsed.success} loading={create.isPending}>
              {t.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

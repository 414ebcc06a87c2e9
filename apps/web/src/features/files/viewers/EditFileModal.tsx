import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type FileItem,
  fileLimits,
  fileName,
  fileViewerTexts,
  ProjectionModes,
  projectionModeLabels,
} from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { call } from '../../../api/client.ts';
import { serverMessage, showFieldErrors } from '../../../api/errors.ts';
import { showError } from '../../../components/dialogs.tsx';
import { fileKeys } from '../api.ts';
import { descriptionOf, editedProperties, hasProjection, projectionOf } from './format.ts';

const e = fileViewerTexts.edit;

const editForm = z.object({
  name: fileName,
  description: z.string().max(fileLimits.propertyValueMax),
  projection: z.string(),
});
type EditForm = z.infer<typeof editForm>;

/** The projection choices, None first (the default). */
const projectionOptions = (
  Object.keys(projectionModeLabels) as (keyof typeof ProjectionModes)[]
).map((k) => ({ value: String(ProjectionModes[k]), label: projectionModeLabels[k] }));

export type EditFileModalProps = {
  /** The file or folder edited; null keeps the modal closed. */
  file: FileItem | null;
  teamId: string;
  onClose: () => void;
  onSaved?: (file: FileItem) => void;
};

/**
 * Edit media (part2 §2, §5): Name (required), Description and, for images and videos, the
 * projection (default None). Saved with PATCH; other properties (duration, processing state)
 * are kept. A failed save shows the server's message and keeps what was typed.
 */
export function EditFileModal({ file, teamId, onClose, onSaved }: EditFileModalProps) {
  return (
    <Modal
      opened={!!file}
      onClose={onClose}
      title={fileViewerTexts.editTitle}
      centered
      closeButtonProps={{ 'aria-label': fileViewerTexts.close }}
    >
      {file && (
        <EditForm
          key={file.fileId}
          file={file}
          teamId={teamId}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function EditForm({ file, teamId, onClose, onSaved }: EditFileModalProps & { file: FileItem }) {
  const queryClient = useQueryClient();
  const form = useForm<EditForm>({
    resolver: zodResolver(editForm),
    mode: 'onChange',
    defaultValues: {
      name: file.name,
      description: descriptionOf(file.properties),
      projection: String(projectionOf(file.properties)),
    },
  });
  const save = useMutation({
    mutationFn: (v: EditForm) =>
      call(filesApi.edit, {
        params: { organizationId: teamId, fileItemId: file.fileId },
        body: {
          name: v.name.trim(),
          properties: editedProperties(file.type, file.properties, {
            description: v.description,
            projection: Number(v.projection),
          }),
        },
      }),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fileKeys.all(teamId) }),
        queryClient.invalidateQueries({ queryKey: fileKeys.recentAll(teamId) }),
      ]);
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      const fields = showFieldErrors(error, form.setError, (field) =>
        field === 'name' ? 'name' : undefined,
      );
      if (fields.name) return;
      showError(serverMessage(error));
    },
  });
  const { errors, isValid } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <TextInput
          label={e.name}
          required
          data-autofocus
          maxLength={fileLimits.nameMax}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Textarea
          label={e.description}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={fileLimits.propertyValueMax}
          error={errors.description?.message}
          {...form.register('description')}
        />
        {hasProjection(file.type) && (
          <Controller
            control={form.control}
            name="projection"
            render={({ field }) => (
              <Select
                label={e.projection}
                data={projectionOptions}
                allowDeselect={false}
                value={field.value}
                onChange={(v) => field.onChange(v ?? String(ProjectionModes.None))}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {e.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!isValid}>
            {e.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

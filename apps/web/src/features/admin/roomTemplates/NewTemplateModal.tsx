import { adminTexts, roomLimits, roomTemplateCreate } from '@roomscale/shared';
import { NewByNameModal } from '../NewByNameModal.tsx';
import { templatePath } from '../paths.ts';
import { useCreateRoomTemplate } from './api.ts';

/** 'New room template': asks for a name, creates the template, then opens its edit page. */
export function NewTemplateModal({ onClose }: { onClose: () => void }) {
  const create = useCreateRoomTemplate();
  return (
    <NewByNameModal
      texts={adminTexts.templates.prompt}
      schema={roomTemplateCreate}
      maxLength={roomLimits.nameMax}
      create={create.mutateAsync}
      pathOf={templatePath}
      onClose={onClose}
    />
  );
}

import { adminOrganizationCreate, adminTeamsTexts, limits } from '@roomscale/shared';
import { NewByNameModal } from '../NewByNameModal.tsx';
import { teamPath } from '../paths.ts';
import { useCreateAdminTeam } from './api.ts';

/** 'New team' (part1 §2): asks for a name, creates the team, then opens its page. */
export function NewTeamModal({ onClose }: { onClose: () => void }) {
  const create = useCreateAdminTeam();
  return (
    <NewByNameModal
      texts={adminTeamsTexts.list.prompt}
      schema={adminOrganizationCreate}
      maxLength={limits.teamNameMax}
      required
      create={create.mutateAsync}
      pathOf={teamPath}
      onClose={onClose}
    />
  );
}

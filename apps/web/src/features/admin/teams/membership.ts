import { notifications } from '@mantine/notifications';
import {
  type AdminMembershipEdit,
  type AdminOrganization,
  type Membership,
  screenMessages,
} from '@roomscale/shared';
import { useQueryClient } from '@tanstack/react-query';
import { showError } from '../../../components/dialogs.tsx';
import { session } from '../../../session/session.ts';
import { myTeamsQuery } from '../../../session/teams.ts';
import { useEditMembership } from './api.ts';
import { failureText } from './failureText.ts';

/**
 * Joining and leaving a team as the signed-in super admin (part1 §4 Membership): the membership
 * call on oneself, then the app's current team follows — the joined team becomes current; after
 * leaving the current team, the first remaining one does.
 */
export function useJoinLeave(team: AdminOrganization) {
  const edit = useEditMembership(team.id);
  const client = useQueryClient();

  /** The signed-in user's teams as the server now has them. */
  const freshTeams = async (userId: string): Promise<Membership[]> => {
    await client.invalidateQueries({ queryKey: ['me', 'organizations'] });
    return client.fetchQuery({ ...myTeamsQuery(userId), staleTime: 0 });
  };

  const change = async (join: boolean) => {
    const me = session.get().user;
    if (!me) return;
    const body: AdminMembershipEdit = join
      ? { organizationId: team.id, userId: me.id, role: 'Admin', licenseType: 'Trial' }
      : { organizationId: team.id, userId: me.id, role: 'None', licenseType: 'None' };
    try {
      await edit.mutateAsync({ userId: me.id, body });
    } catch (e) {
      await showError(failureText(e));
      return;
    }
    const teams = await freshTeams(me.id).catch(() => null);
    if (join) {
      const joined: Membership = teams?.find((m) => m.id === team.id) ?? {
        // The list could not be reloaded: the team as this page knows it.
        id: team.id,
        name: team.name,
        role: 'Admin',
        licenseType: 'Trial',
        companyName: team.companyName,
        industry: team.industry,
        imageUpdated: team.imageUpdated,
        samlLoginProviderId: null,
        samlLoginDisplayName: null,
      };
      session.selectTeam(joined);
      notifications.show({ color: 'teal', message: screenMessages.joinedTeam });
    } else {
      if (session.get().team?.id === team.id) session.selectTeam(teams?.[0] ?? null);
      notifications.show({ color: 'teal', message: screenMessages.leftTeam });
    }
  };

  return { pending: edit.isPending, join: () => change(true), leave: () => change(false) };
}

import { useEffect } from 'react';
import { session, useSession } from '../../session/session.ts';
import { useMyTeams } from '../../session/teams.ts';

/**
 * On shell pages that do not require a team (e.g. downloads after a reload), quietly bring back
 * the team remembered for this user, else the first one, so the menu and trial notice are right.
 * Team-required pages get the remembered team with the cached login (session.ensure), or go
 * through /organization/resolve.
 */
export function useRestoreTeam() {
  const { user, team } = useSession();
  const teams = useMyTeams();
  useEffect(() => {
    if (!user || team || !teams.data?.length) return;
    const remembered = session.rememberedTeamId(user.id);
    session.selectTeam(teams.data.find((m) => m.id === remembered) ?? teams.data[0] ?? null);
  }, [user, team, teams.data]);
}

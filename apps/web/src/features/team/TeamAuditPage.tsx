import { Stack, Text } from '@mantine/core';
import { auditTexts } from '@roomscale/shared';
import { useSession } from '../../session/session.ts';
import { AuditLogView } from '../audit/AuditLogView.tsx';
import { useTeamAuditLog } from '../audit/api.ts';
import { usePageParam } from '../audit/paging.ts';

/** /team/audit (team admins): the changes made to the current team, newest first. */
export function TeamAuditPage() {
  const { team } = useSession();
  const { page, after, setPage } = usePageParam();
  const log = useTeamAuditLog(team?.id ?? '', page, after);
  if (!team) return null;
  return (
    <Stack gap="md">
      <Text c="dimmed">{auditTexts.teamIntro}</Text>
      <AuditLogView key={team.id} log={log} page={page} setPage={setPage} admin={false} />
    </Stack>
  );
}

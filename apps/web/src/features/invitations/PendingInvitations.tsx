import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Membership, shellTexts, type TeamInvitation } from '@roomscale/shared';
import { IconMailForward } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { showError } from '../../components/dialogs.tsx';
import { session } from '../../session/session.ts';
import { useAnswerInvitation, useMyInvitations } from './api.ts';
import classes from './PendingInvitations.module.css';

const t = shellTexts.userMenu;

/** After accepting, the new team becomes the current one and the dashboard opens (part1 §2). */
export function useAcceptAndEnter() {
  const { accept } = useAnswerInvitation();
  const navigate = useNavigate();
  return {
    pending: accept.isPending,
    run: async (invitation: TeamInvitation) => {
      let team: Membership;
      try {
        team = await accept.mutateAsync(invitation.id);
      } catch (e) {
        await showError(e);
        return false;
      }
      session.selectTeam(team);
      notifications.show({ color: 'teal', message: t.accepted(team.name) });
      navigate('/dashboard');
      return true;
    },
  };
}

/**
 * The open invitations in the user menu's Teams list (and, with `heading`, on team creation, so
 * a person without a team can join one instead): the team, the role offered, and Accept or
 * Decline. Nothing shows when there are none.
 */
export function PendingInvitations({ heading = false }: { heading?: boolean }) {
  const invitations = useMyInvitations();
  const { decline } = useAnswerInvitation();
  const accept = useAcceptAndEnter();
  if (!invitations.data?.length) return null;
  const list = (
    <ul className={classes.list} aria-label={t.invitationsLabel}>
      {invitations.data.map((inv) => (
        <li key={inv.id} className={classes.item}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMailForward size={16} stroke={1.7} aria-hidden className={classes.icon} />
            <div className={classes.text}>
              <Text size="sm" fw={600} truncate>
                {inv.organizationName}
              </Text>
              <Text size="xs" c="dimmed">
                {t.invitedAs(inv.role)}
              </Text>
            </div>
          </Group>
          <Group gap={6} mt={6} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-xs"
              variant="default"
              aria-label={t.declineLabel(inv.organizationName)}
              loading={decline.isPending && decline.variables === inv.id}
              onClick={async () => {
                try {
                  await decline.mutateAsync(inv.id);
                  notifications.show({ message: t.declined(inv.organizationName) });
                } catch (e) {
                  await showError(e);
                }
              }}
            >
              {t.decline}
            </Button>
            <Button
              size="compact-xs"
              aria-label={t.acceptLabel(inv.organizationName)}
              loading={accept.pending}
              onClick={() => void accept.run(inv)}
            >
              {t.accept}
            </Button>
          </Group>
        </li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <div>
      <Text size="sm" mb={6}>
        {t.invitationsHeading}
      </Text>
      {list}
    </div>
  );
}

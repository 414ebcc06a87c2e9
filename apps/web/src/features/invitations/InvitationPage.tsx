import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { invitationTexts } from '@roomscale/shared';
import { teamUsersApi } from '@roomscale/shared/contract';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { serverMessage } from '../../api/errors.ts';
import { session } from '../../session/session.ts';
import { AuthLayout, AuthLoading } from '../auth/AuthLayout.tsx';
import { withTarget } from '../auth/targetRoute.ts';
import { openInvitation } from './api.ts';
import { useAcceptAndEnter } from './PendingInvitations.tsx';

const t = invitationTexts;

/**
 * /invitation?token: the page of an emailed invitation to join a team. Signed in as the invited
 * account it offers Accept (join and open the team's dashboard) and Decline; signed in as anyone
 * else it says so and offers to switch accounts.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => openInvitation(token),
    enabled: token !== '',
    retry: false,
  });
  const accept = useAcceptAndEnter();
  const decline = useMutation({
    mutationFn: (id: string) =>
      call(teamUsersApi.declineInvitation, { params: { invitationId: id } }),
  });

  const switchAccount = async () => {
    await session.logout();
    navigate(withTarget('/login', `/invitation?${params.toString()}`), { replace: true });
  };

  if (!token || invitation.isError) {
    const wrongAccount =
      invitation.error && 'status' in invitation.error && invitation.error.status === 403;
    return (
      <AuthLayout title={t.failedTitle}>
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {token ? serverMessage(invitation.error) : t.missingToken}
        </Alert>
        <Stack gap="sm">
          {wrongAccount && (
            <Button variant="default" onClick={() => void switchAccount()}>
              {t.logout}
            </Button>
          )}
          <Button onClick={() => navigate('/organization/resolve')}>{t.toDashboard}</Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (!invitation.data) {
    return <AuthLoading text={t.loading} />;
  }

  const inv = invitation.data;
  if (decline.isSuccess) {
    return (
      <AuthLayout title={t.declined}>
        <Alert color="gray" icon={<IconCircleCheck />} role="status">
          {t.declinedText(inv.organizationName)}
        </Alert>
        <Button onClick={() => navigate('/organization/resolve')}>{t.toDashboard}</Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t.title(inv.organizationName)}
      description={t.text(inv.invitedBy, inv.organizationName, inv.role)}
    >
      <Text size="sm" c="dimmed">
        {t.expires(dayjs(inv.expires).format('D MMMM YYYY, H:mm'))}
      </Text>
      {decline.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {serverMessage(decline.error)}
        </Alert>
      )}
      <Group grow>
        <Button
          variant="default"
          loading={decline.isPending}
          disabled={accept.pending}
          onClick={() => decline.mutate(inv.id)}
        >
          {t.decline}
        </Button>
        <Button
          loading={accept.pending}
          disabled={decline.isPending}
          onClick={() => void accept.run(inv)}
        >
          {t.accept}
        </Button>
      </Group>
    </AuthLayout>
  );
}

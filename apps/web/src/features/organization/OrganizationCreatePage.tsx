import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import {
  dialogLabels,
  type Membership,
  type Organization,
  publicTexts,
  screenMessages,
  type TeamCreateForm,
  teamCreateBody,
  teamCreateForm,
} from '@roomscale/shared';
import { organizationsApi } from '@roomscale/shared/contract';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { errorText } from '../../api/errors.ts';
import { session, useSession } from '../../session/session.ts';
import { useMyTeams } from '../../session/teams.ts';
import { useLogout } from '../../session/useLogout.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { safeTarget, withTarget } from '../auth/targetRoute.ts';
import { PendingInvitations } from '../invitations/PendingInvitations.tsx';
import { ExistingTeams } from './ExistingTeams.tsx';
import { ADMIN_HOME, creatorMembership } from './resolveTeam.ts';
import { TeamFields } from './TeamFields.tsx';

const t = publicTexts.teamCreate;

/**
 * /organization/create?targetRoute: pick one of the user's teams or create a new one. A super
 * admin, who needs no team for the admin area, is offered the way there; everyone may log out.
 */
export function OrganizationCreatePage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const target = safeTarget(params.get('targetRoute'));
  const [saveError, setSaveError] = useState<string | null>(null);
  const teams = useMyTeams();

  const form = useForm<TeamCreateForm>({
    resolver: zodResolver(teamCreateForm),
    mode: 'onTouched',
    defaultValues: { name: '', companyName: '', industry: '', industryOther: '' },
  });
  const { isValid, isSubmitting } = form.formState;
  const industry = form.watch('industry');

  const pick = (team: Membership) => {
    session.selectTeam(team);
    navigate(target, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    let org: Organization;
    try {
      org = await call(organizationsApi.register, {
        body: teamCreateBody(values),
      });
    } catch (e) {
      // The spec's sentence adds its own full stop.
      setSaveError(screenMessages.teamSaveFailed(errorText(e).replace(/\.$/, '')));
      return;
    }
    session.selectTeam(creatorMembership(org));
    await queryClient.invalidateQueries();
    const hasAvatar = !!session.get().user?.readyPlayerMeAvatar;
    navigate(hasAvatar ? target : withTarget('/create-avatar', target), { replace: true });
  });

  const existing = teams.data ?? [];

  return (
    <AuthLayout
      title={t.heading}
      description={t.intro}
      width={520}
      below={
        user && (
          <>
            {t.signedInAs(user.email)} ·{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => void logout()}>
              {t.logout}
            </Anchor>
          </>
        )
      }
    >
      {user?.superAdmin && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconShieldLock size={20} aria-hidden />}
          title={t.superAdminTitle}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t.superAdminNote}</Text>
            <Button component={Link} to={ADMIN_HOME} size="sm">
              {t.toAdmin}
            </Button>
          </Stack>
        </Alert>
      )}
      {teams.isLoading && <Skeleton height={52} radius="md" />}
      <PendingInvitations heading />
      {existing.length > 0 && (
        <>
          <ExistingTeams teams={existing} onPick={pick} />
          <Divider label={t.orCreate} labelPosition="center" />
        </>
      )}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TeamFields form={form} />
          <Text size="xs" c="dimmed">
            {t.trialNote}
          </Text>
          <Button type="submit" fullWidth disabled={!isValid || !industry} loading={isSubmitting}>
            {t.submit}
          </Button>
        </Stack>
      </form>
      <Modal
        opened={saveError !== null}
        onClose={() => setSaveError(null)}
        title={dialogLabels.errorTitle}
        centered
      >
        <Stack>
          <Text>{saveError}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setSaveError(null)}>{dialogLabels.alertClose}</Button>
          </Group>
        </Stack>
      </Modal>
    </AuthLayout>
  );
}

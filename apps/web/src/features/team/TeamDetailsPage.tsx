import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  INDUSTRY_OTHER,
  type Organization,
  screenMessages,
  successTitles,
  type TeamCreateForm,
  teamCreateBody,
  teamCreateForm,
  teamTexts,
} from '@roomscale/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage, showFieldErrors } from '../../api/errors.ts';
import { showError, showSuccess } from '../../components/dialogs.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useSession } from '../../session/session.ts';
import { TeamFields } from '../organization/TeamFields.tsx';
import { useEditTeam, useTeamDetails } from './detailsApi.ts';
import { detailsDefaults } from './detailsForm.ts';
import { TeamLogo } from './TeamLogo.tsx';

const t = teamTexts.details;

/** /team/details (admins, part2 §2): the team logo and the team's name, company and industry. */
export function TeamDetailsPage() {
  const { team } = useSession();
  const details = useTeamDetails(team?.id ?? '');
  if (!team) return null;
  if (details.isError) {
    return (
      <LoadFailed
        title={t.loadFailed}
        error={details.error}
        retryLabel={teamTexts.users.retry}
        onRetry={() => void details.refetch()}
      />
    );
  }
  if (!details.data) return <Skeleton height={320} radius="md" />;
  return (
    <Stack gap="lg" maw={720}>
      <TeamLogo
        teamId={team.id}
        teamName={details.data.name}
        imageUpdated={details.data.imageUpdated}
      />
      <DetailsForm team={details.data} />
    </Stack>
  );
}

function DetailsForm({ team }: { team: Organization }) {
  const edit = useEditTeam(team.id);
  const form = useForm<TeamCreateForm>({
    resolver: zodResolver(teamCreateForm),
    mode: 'onTouched',
    defaultValues: detailsDefaults(team),
  });
  const { isSubmitting } = form.formState;

  // Another tab or admin may have changed the team: take the stored values while nothing is typed.
  const { reset } = form;
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty) reset(detailsDefaults(team));
  }, [team, dirty, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await edit.mutateAsync(teamCreateBody(values));
      form.reset(detailsDefaults(saved));
    } catch (e) {
      showFieldErrors(e, form.setError, (field) => {
        const name =
          field === 'industry' && values.industry === INDUSTRY_OTHER ? 'industryOther' : field;
        return name in values ? (name as keyof TeamCreateForm) : undefined;
      });
      void showError(serverMessage(e));
      return;
    }
    void showSuccess(successTitles.editOrganization, screenMessages.dataSaved);
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="team-details-title">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="team-details-title">
              {t.form.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.form.text}
            </Text>
          </div>
          <TeamFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t.form.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

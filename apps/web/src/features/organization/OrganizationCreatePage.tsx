import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Divider,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  dialogLabels,
  INDUSTRY_NONE_CONSUMER,
  INDUSTRY_OTHER,
  Industries,
  type Membership,
  type Organization,
  publicTexts,
  screenMessages,
  type TeamCreateForm,
  teamCreateBody,
  teamCreateForm,
} from '@roomscale/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { errorText } from '../../api/errors.ts';
import { session } from '../../app/session.ts';
import { useMyTeams } from '../../app/teams.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { safeTarget, withTarget } from '../auth/targetRoute.ts';
import { ExistingTeams } from './ExistingTeams.tsx';
import { creatorMembership } from './resolveTeam.ts';

const t = publicTexts.teamCreate;
const labels = publicTexts.labels;
const industryOptions = Industries.map((i) => ({ value: i, label: i }));

/** /organization/create?targetRoute: pick one of the user's teams or create a new one. */
export function OrganizationCreatePage() {
  const navigate = useNavigate();
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
  const { errors, isValid, isSubmitting } = form.formState;
  const industry = form.watch('industry');
  const consumer = industry === INDUSTRY_NONE_CONSUMER;

  const pick = (team: Membership) => {
    session.selectTeam(team);
    navigate(target, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    let org: Organization;
    try {
      org = await api<Organization>('PUT', '/api/Organizations/Register', {
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

  const onIndustry = (value: string | null) => {
    const next = value ?? '';
    form.setValue('industry', next, { shouldValidate: true, shouldTouch: true });
    if (next === INDUSTRY_NONE_CONSUMER) {
      form.setValue('companyName', '', { shouldValidate: true });
    }
    if (next === INDUSTRY_OTHER) form.setValue('industryOther', '');
  };

  const existing = teams.data ?? [];

  return (
    <AuthLayout title={t.heading} description={t.intro} width={520}>
      {teams.isLoading && <Skeleton height={52} radius="md" />}
      {existing.length > 0 && (
        <>
          <ExistingTeams teams={existing} onPick={pick} />
          <Divider label={t.orCreate} labelPosition="center" />
        </>
      )}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={labels.teamName}
            required
            autoComplete="organization"
            error={errors.name?.message}
            {...form.register('name')}
          />
          {!consumer && (
            <TextInput
              label={labels.companyName}
              required
              autoComplete="off"
              error={errors.companyName?.message}
              {...form.register('companyName')}
            />
          )}
          <Controller
            control={form.control}
            name="industry"
            render={({ field }) => (
              <Select
                label={labels.industry}
                placeholder={t.industryPlaceholder}
                data={industryOptions}
                required
                allowDeselect={false}
                value={field.value || null}
                onChange={onIndustry}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.industry?.message}
                // Unmounted while closed, so that the label names only the input.
                comboboxProps={{ keepMounted: false }}
                maxDropdownHeight={320}
              />
            )}
          />
          {industry === INDUSTRY_OTHER && (
            <TextInput
              label={labels.industryOther}
              description={t.industryOtherDescription}
              required
              error={errors.industryOther?.message}
              {...form.register('industryOther')}
            />
          )}
          {consumer && (
            <Text size="xs" c="dimmed">
              {t.consumerNote}
            </Text>
          )}
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

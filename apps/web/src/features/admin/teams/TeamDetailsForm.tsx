import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Box, Card, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  type AdminOrganization,
  adminTeamsTexts,
  INDUSTRY_OTHER,
  screenMessages,
  successTitles,
  type TeamCreateForm,
  teamCreateBody,
  teamCreateForm,
} from '@roomscale/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { showFieldErrors } from '../../../api/errors.ts';
import { showError, showSuccess } from '../../../components/dialogs.tsx';
import {
  EditColumns,
  Fact,
  SaveButtons,
  useDeleteAndLeave,
  useUnsavedChangesGuard,
} from '../../../components/EditScreen.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useProfileImage } from '../../../components/useProfileImage.ts';
import { TeamFields } from '../../organization/TeamFields.tsx';
import { detailsDefaults } from '../../team/detailsForm.ts';
import { teamsPath, userPath } from '../paths.ts';
import classes from './AdminTeams.module.css';
import { useEditAdminTeam } from './api.ts';
import { failureText } from './failureText.ts';
import { useDeleteTeam } from './useDeleteTeam.ts';

const t = adminTeamsTexts.edit;

/**
 * The team's details (the same fields and rules as the team's own Details tab), the admin-only
 * 'Self managed' switch, the read-only license limit and history; Delete and Save.
 */
export function TeamDetailsForm({ team }: { team: AdminOrganization }) {
  const save = useEditAdminTeam(team.id);
  const remove = useDeleteTeam();
  const form = useForm<TeamCreateForm>({
    resolver: zodResolver(teamCreateForm),
    mode: 'onChange',
    defaultValues: detailsDefaults(team),
  });
  const { formState, reset } = form;
  const [selfManaged, setSelfManaged] = useState(team.selfManaged);
  const saving = formState.isSubmitting;
  const dirty = formState.isDirty || selfManaged !== team.selfManaged;
  const del = useDeleteAndLeave(() => remove.run(team), teamsPath);

  // The page reloads after every change on it (a license, a member): take the stored values
  // while nothing is typed, and keep what is.
  useEffect(() => {
    if (formState.isDirty) return;
    reset(detailsDefaults(team));
  }, [team, formState.isDirty, reset]);

  // Leaving with unsaved changes asks first; the browser asks on closing the tab.
  useUnsavedChangesGuard(() => dirty && !saving && !del.leaving(), t);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        ...teamCreateBody(values),
        selfManaged,
        // The edit call sets the customer too: the attached one stays.
        customerId: team.stripeDetails?.customerId ?? null,
      });
      reset(detailsDefaults(saved));
      setSelfManaged(saved.selfManaged);
    } catch (e) {
      // Everything typed stays in the form; the server's field messages show under the fields.
      showFieldErrors(e, form.setError, (field) => {
        const name =
          field === 'industry' && values.industry === INDUSTRY_OTHER ? 'industryOther' : field;
        return name in values ? (name as keyof TeamCreateForm) : undefined;
      });
      await showError(failureText(e));
      return;
    }
    await showSuccess(successTitles.teamSaved, screenMessages.dataSaved);
  });

  return (
    <EditColumns aside={<About team={team} />}>
      <Card padding="lg" component="section" aria-labelledby="team-details-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text component="h2" fw={650} size="lg" id="team-details-title">
              {t.sections.details}
            </Text>
            <TeamFields form={form} />
            <TextInput
              label={t.licenseLimit}
              readOnly
              // Filled: it reads as a value, not a field to type in.
              variant="filled"
              value={String(team.licenseCount)}
              description={
                <>
                  {t.licenseLimitParts(team.stripeLicenseCount, team.manualLicenseCount)}
                  {team.metaLicenseCount > 0 && ` ${t.licenseLimitMeta(team.metaLicenseCount)}`}
                  {` · ${t.licensesInUse(team.licensesInUse, team.licenseCount)}`}
                </>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Switch
              label={t.selfManaged}
              // The label wraps the meaning below it: the switch is named by its label alone,
              // the meaning is its description.
              aria-label={t.selfManaged}
              description={selfManaged ? t.selfManagedOn : t.selfManagedOff}
              checked={selfManaged}
              onChange={(e) => setSelfManaged(e.currentTarget.checked)}
              disabled={saving}
            />
            <Box mt="sm">
              <SaveButtons
                texts={t}
                dirty={dirty}
                valid={formState.isValid}
                saving={saving}
                onReset={() => {
                  reset(detailsDefaults(team));
                  setSelfManaged(team.selfManaged);
                }}
                remove={{
                  label: t.delete,
                  onClick: () => void del.remove(),
                  pending: remove.pending,
                  disabled: saving,
                }}
              />
            </Box>
          </Stack>
        </form>
      </Card>
    </EditColumns>
  );
}

/** The read-only facts: picture, single sign-on, and who created and last edited the team. */
function About({ team }: { team: AdminOrganization }) {
  const picture = useProfileImage('organization', team.id, team.imageUpdated);
  return (
    <Card padding="lg" component="section" aria-labelledby="team-about-title">
      <Text component="h2" fw={650} size="lg" id="team-about-title" mb="md">
        {t.sections.info}
      </Text>
      <Stack gap="sm">
        <Fact label={t.picture}>
          <span className={classes.picture}>
            {picture.src ? (
              <img
                src={picture.src}
                alt={t.pictureAlt(team.name)}
                className={classes.pictureImage}
              />
            ) : picture.loading ? null : (
              <Text size="xs" c="dimmed" component="span">
                {t.noPicture}
              </Text>
            )}
          </span>
          <Text size="xs" c="dimmed" mt={4}>
            {t.pictureHint}
          </Text>
        </Fact>
        <Fact label={t.hasSamlSso}>{team.hasSamlSso ? t.yes : t.no}</Fact>
        <Fact label={t.created}>{formatDateTime(team.created)}</Fact>
        <Fact label={t.createdBy}>
          <Person id={team.createdBy} name={team.createdByName} />
        </Fact>
        <Fact label={t.edited}>
          {team.lastModified ? formatDateTime(team.lastModified) : t.never}
        </Fact>
        <Fact label={t.editedBy}>
          {team.lastModified ? (
            <Person id={team.lastModifiedBy} name={team.lastModifiedByName} />
          ) : (
            t.never
          )}
        </Fact>
      </Stack>
    </Card>
  );
}

function Person({ id, name }: { id: string | null; name: string | null }) {
  if (!id) return <>{name ?? t.nobody}</>;
  return (
    <Anchor component={Link} to={userPath(id)} size="sm">
      {name ?? id}
    </Anchor>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Divider, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type SamlConfig,
  type SamlConfigEdit,
  type SamlMetadataValues,
  samlConfigEdit,
  ssoTexts,
} from '@roomscale/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrors, serverMessage } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { useSaveSamlConfig } from './api.ts';
import { MetadataImport } from './MetadataImport.tsx';
import classes from './SamlConfig.module.css';

const t = ssoTexts.tab;

const formValues = (c: SamlConfig): SamlConfigEdit => ({
  identityLabel: c.identityLabel,
  loginUrl: c.loginUrl,
  certificate: c.certificate,
  nextCertificate: c.nextCertificate,
});

const valuesKey = (c: SamlConfig) => JSON.stringify(formValues(c));

/**
 * The identity provider's values (part2 §2, §5): entity ID and login URL (urls) and its signing
 * certificate, all required; the form's own checks show under the fields. A failed save keeps
 * what was typed and says why in the 'Error' modal (part2 §8), the server's reasons included
 * (an unreadable or expired certificate).
 */
export function IdpForm({ teamId, config }: { teamId: string; config: SamlConfig }) {
  const save = useSaveSamlConfig(teamId);
  const form = useForm<SamlConfigEdit>({
    resolver: zodResolver(samlConfigEdit),
    mode: 'onTouched',
    defaultValues: formValues(config),
  });
  const { errors, isValid, isSubmitting } = form.formState;

  // Another admin may have saved meanwhile: a newly loaded configuration replaces the values
  // while nothing is typed. Only a new answer, and only when it differs from what the form took
  // last: after a save the cache's copy of it arrives a render after the form's own reset.
  const { reset } = form;
  const dirty = form.formState.isDirty;
  const seen = useRef(config);
  const taken = useRef(valuesKey(config));
  useEffect(() => {
    if (config === seen.current) return;
    seen.current = config;
    const key = valuesKey(config);
    if (dirty || key === taken.current) return;
    taken.current = key;
    reset(formValues(config));
  }, [config, dirty, reset]);

  // Imported metadata fills the fields as if typed: the admin reviews them and saves. An entity
  // ID that is not an http(s) address (a urn:) is left for the admin, since the field takes urls.
  const onImported = (values: SamlMetadataValues) => {
    const set = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;
    if (/^https?:\/\//i.test(values.entityId)) form.setValue('identityLabel', values.entityId, set);
    form.setValue('loginUrl', values.loginUrl, set);
    const [first] = values.certificates;
    if (first) form.setValue('certificate', first.certificate, set);
    notifications.show({ color: 'teal', message: t.imported });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // An empty next certificate is left out: the team then has none.
      const { nextCertificate, ...rest } = values;
      const saved = await save.mutateAsync(nextCertificate ? values : rest);
      taken.current = valuesKey(saved);
      form.reset(formValues(saved));
    } catch (e) {
      // part2 §8: the 'Error' modal, with the server's reason (an unreadable or expired
      // certificate, say) in its words.
      const reasons = Object.values(fieldErrors(e));
      void showError(t.saveFailed(reasons.length > 0 ? reasons.join(' ') : serverMessage(e)));
      return;
    }
    notifications.show({ color: 'teal', message: t.saved });
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sso-idp-title">
      <Title order={2} size="h4" id="sso-idp-title" mb="md">
        {t.idpHeading}
      </Title>
      <MetadataImport teamId={teamId} onImported={onImported} />
      <Divider my="lg" />
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={t.fields.identityLabel}
            description={t.fields.identityLabelHint}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            error={errors.identityLabel?.message}
            {...form.register('identityLabel')}
          />
          <TextInput
            label={t.fields.loginUrl}
            description={t.fields.loginUrlHint}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            error={errors.loginUrl?.message}
            {...form.register('loginUrl')}
          />
          <Textarea
            label={t.fields.certificate}
            description={t.fields.certificateHint}
            rows={5}
            spellCheck={false}
            autoComplete="off"
            required
            classNames={{ input: classes.value }}
            error={errors.certificate?.message}
            {...form.register('certificate')}
          />
          <Textarea
            label={t.fields.nextCertificate}
            description={t.fields.nextCertificateHint}
            rows={3}
            spellCheck={false}
            autoComplete="off"
            classNames={{ input: classes.value }}
            error={errors.nextCertificate?.message}
            {...form.register('nextCertificate')}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!isValid || isSubmitting} loading={isSubmitting}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Me, profileTexts } from '@roomscale/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage, showFieldErrors } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { Section } from '../../components/Section.tsx';
import { useEditMe } from './api.ts';
import {
  type InfoFormInput,
  type InfoFormValues,
  infoBody,
  infoDefaults,
  infoForm,
} from './forms.ts';

const t = profileTexts.info;

/** The user information form (part2 §2): read-only email, names and position. */
export function UserInfoForm({ me }: { me: Me }) {
  const edit = useEditMe();
  const form = useForm<InfoFormInput, unknown, InfoFormValues>({
    resolver: zodResolver(infoForm),
    mode: 'onTouched',
    defaultValues: infoDefaults(me),
  });
  const { errors, isValid, isSubmitting, isDirty } = form.formState;

  // The user may change elsewhere (another tab, a reload after linking): take the stored values
  // while nothing is typed here.
  const { reset } = form;
  useEffect(() => {
    if (!isDirty) reset(infoDefaults(me));
  }, [me, isDirty, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await edit.mutateAsync(infoBody(values));
      form.reset(infoDefaults(saved));
    } catch (e) {
      // The typed values stay; the server's per-field messages go under their fields.
      showFieldErrors(e, form.setError, (field) =>
        field in values ? (field as keyof InfoFormInput) : undefined,
      );
      void showError(serverMessage(e));
      return;
    }
    notifications.show({ color: 'teal', message: t.saved });
  });

  return (
    <Section id="profile-info-title" title={t.heading} intro={t.intro}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput label={t.email} value={me.email} readOnly variant="filled" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t.firstName}
              autoComplete="given-name"
              required
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label={t.lastName}
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t.position}
            autoComplete="organization-title"
            error={errors.position?.message}
            {...form.register('position')}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!isValid} loading={isSubmitting}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { adminTeamsTexts, dateFormats, licenseLimits, type ManualLicense } from '@roomscale/shared';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { showError } from '../../../components/dialogs.tsx';
import { CheckboxField } from '../../../components/SwitchField.tsx';
import { useCreateLicense, useEditLicense } from './api.ts';
import { failureText } from './failureText.ts';
import {
  createBody,
  editBody,
  isCurrent,
  type LicenseFormValues,
  licenseResolver,
  licenseValues,
  newLicenseValues,
} from './licenseForm.ts';

const t = adminTeamsTexts.licenseEditor;

type Props = {
  teamId: string;
  /** The license to edit; none adds a new one. */
  license?: ManualLicense;
  onClose: () => void;
};

/**
 * The license editor (part1 §2, §5): name, start and end (24-hour date-time pickers), users, and
 * 'Send email' while the license is current. Rendered only while open, so each opening starts
 * from the license (or the defaults for a new one) again.
 */
export function LicenseEditor({ teamId, license, onClose }: Props) {
  const create = useCreateLicense(teamId);
  const edit = useEditLicense(teamId);
  const [erroring, setErroring] = useState(false);
  const form = useForm<LicenseFormValues>({
    resolver: licenseResolver(),
    mode: 'onChange',
    defaultValues: license ? licenseValues(license) : newLicenseValues(new Date()),
  });
  const { control, register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const [start, end] = useWatch({ control, name: ['start', 'end'] });
  const current = isCurrent({ start, end }, new Date());
  const busy = formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    const now = new Date();
    try {
      if (license)
        await edit.mutateAsync({ licenseId: license.id, body: editBody(license.id, values, now) });
      else await create.mutateAsync(createBody(teamId, values, now));
    } catch (e) {
      // The editor stays open with everything typed, behind the error.
      setErroring(true);
      await showError(failureText(e));
      setErroring(false);
      return;
    }
    notifications.show({ color: 'teal', message: license ? t.saved : t.created });
    onClose();
  });

  const picker = (name: 'start' | 'end', label: string) => (
    <Controller
      control={control}
      name={name}
      // 'Start before end' shows under End: a new start checks it again.
      rules={{ deps: name === 'start' ? ['end'] : [] }}
      render={({ field }) => (
        <DateTimePicker
          label={label}
          required
          withSeconds
          valueFormat={dateFormats.createdEdited}
          placeholder={t.pickerPlaceholder}
          timePickerProps={{
            format: '24h',
            hoursInputLabel: t.hours,
            minutesInputLabel: t.minutes,
            secondsInputLabel: t.seconds,
          }}
          submitButtonProps={{ 'aria-label': t.pickerDone(label) }}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={field.value}
          onChange={(v) => field.onChange(v)}
          onBlur={field.onBlur}
          error={errors[name]?.message}
          disabled={busy}
          clearable
        />
      )}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={license ? t.editTitle : t.newTitle}
      closeButtonProps={{ 'aria-label': t.close }}
      closeOnEscape={!erroring && !busy}
      closeOnClickOutside={!erroring && !busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.name}
            placeholder={t.namePlaceholder}
            required
            data-autofocus
            maxLength={licenseLimits.descriptionMax}
            error={errors.description?.message}
            disabled={busy}
            {...register('description')}
          />
          {picker('start', t.start)}
          {picker('end', t.end)}
          <Controller
            control={control}
            name="userAmount"
            render={({ field }) => (
              <NumberInput
                label={t.users}
                description={t.usersHint}
                required
                min={licenseLimits.minUsers}
                max={licenseLimits.maxUsers}
                allowDecimal={false}
                allowNegative={false}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errors.userAmount?.message}
                disabled={busy}
              />
            )}
          />
          {current ? (
            <CheckboxField
              control={control}
              name="sendEmailNow"
              label={t.sendEmail}
              description={t.sendEmailHint}
              disabled={busy}
            />
          ) : start && end ? (
            <Text size="sm" c="dimmed">
              {t.notCurrent}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!formState.isValid} loading={busy}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

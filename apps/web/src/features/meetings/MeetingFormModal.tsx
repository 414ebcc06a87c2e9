import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { type Meeting, meetingLimits, meetingsTexts } from '@roomscale/shared';
import { IconCalendar, IconClock, IconWorld } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { showFieldErrors } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { CheckboxField } from '../../components/SwitchField.tsx';
import { useSession } from '../../session/session.ts';
import { useSaveMeeting } from './api.ts';
import classes from './MeetingForm.module.css';
import {
  createBody,
  type MeetingFormValues,
  meetingFormSchema,
  meetingValues,
  newMeetingValues,
  updateBody,
} from './meetingForm.ts';
import { ParticipantsField } from './ParticipantsField.tsx';
import { RoomPickerModal } from './RoomPicker.tsx';
import { RoomsField } from './RoomsField.tsx';
import { useSmallScreen } from './smallScreen.ts';
import { endAfterStartMoves, timeZoneOptions, type WallTime } from './time.ts';

const t = meetingsTexts.form;

/** Server field names → form fields, for showing a failed save's messages in place. */
const serverFields: Record<string, FieldPath<MeetingFormValues>> = {
  name: 'name',
  description: 'description',
  startDate: 'start',
  endDate: 'end',
  timezoneLabel: 'timeZone',
  participants: 'participants',
  rooms: 'rooms',
  existingRooms: 'rooms',
  temporaryRooms: 'rooms',
  newTemporaryRooms: 'rooms',
};

type Props = {
  opened: boolean;
  /** The meeting to edit; null creates one. */
  meeting: Meeting | null;
  onClose: () => void;
};

/**
 * The large create/edit meeting modal (part2 §5) with its room selection modal stacked on top.
 * The form stays filled in when saving fails; the server's message shows in an 'Error' modal.
 */
export function MeetingFormModal({ opened, meeting, onClose }: Props) {
  const [picking, setPicking] = useState(false);
  const small = useSmallScreen();
  const title = meeting ? t.editTitle : t.createTitle;
  const close = () => {
    setPicking(false);
    onClose();
  };
  return (
    <Modal.Stack>
      <Modal
        opened={opened}
        onClose={close}
        stackId="meeting-form"
        title={title}
        size="xl"
        fullScreen={small}
        closeOnClickOutside={false}
        // Fields scrolled to (keyboard focus, suggestions) stay clear of the sticky footer.
        styles={{ content: { scrollPaddingBottom: 88 } }}
      >
        {/* Modal content unmounts once closed, so every opening starts a fresh form. */}
        <MeetingForm meeting={meeting} onDone={close} picking={picking} setPicking={setPicking} />
      </Modal>
    </Modal.Stack>
  );
}

function MeetingForm({
  meeting,
  onDone,
  picking,
  setPicking,
}: {
  meeting: Meeting | null;
  onDone: () => void;
  picking: boolean;
  setPicking: (v: boolean) => void;
}) {
  const { user } = useSession();
  const save = useSaveMeeting();
  const schema = useMemo(() => meetingFormSchema(), []);
  const initial = useMemo(
    () => (meeting ? meetingValues(meeting) : newMeetingValues(user)),
    [meeting, user],
  );
  const form = useForm<MeetingFormValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: initial,
  });
  const { errors, isValid, touchedFields, isSubmitted } = form.formState;
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  const zone = form.watch('timeZone');

  const setStart = (start: WallTime) => {
    const before = form.getValues('start');
    form.setValue('start', start, { shouldDirty: true, shouldValidate: true });
    form.setValue('end', endAfterStartMoves(before, start, form.getValues('end'), zone), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };
  const setEnd = (end: WallTime) =>
    form.setValue('end', end, { shouldDirty: true, shouldTouch: true, shouldValidate: true });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = meeting
        ? await save.mutateAsync({ id: meeting.id, body: updateBody(values, user?.id ?? null) })
        : await save.mutateAsync({ id: null, body: createBody(values, user?.id ?? null) });
      notifications.show({
        color: 'teal',
        title: meeting ? t.saved : t.created,
        message: t.createdText(saved.meetingCode),
      });
      onDone();
    } catch (e) {
      const messages = showFieldErrors(e, form.setError, (field) => serverFields[field]);
      const text = Object.values(messages).filter(Boolean);
      await showError(text.length > 0 ? [...new Set(text)].join(' ') : e);
    }
  });

  const start = form.watch('start');
  const end = form.watch('end');
  const showListErrors = isSubmitted || form.formState.dirtyFields.participants !== undefined;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={t.name}
                  placeholder={t.namePlaceholder}
                  required
                  maxLength={meetingLimits.nameMax}
                  error={
                    fieldState.isTouched || isSubmitted ? fieldState.error?.message : undefined
                  }
                  data-autofocus
                />
              )}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <Textarea
                  {...field}
                  label={t.description}
                  placeholder={t.descriptionPlaceholder}
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={meetingLimits.descriptionMax}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>

          <FormSection title={t.when}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DatePickerInput
                label={t.startDate}
                required
                value={start.date || null}
                onChange={(d) => setStart({ ...start, date: d ?? '' })}
                valueFormat="ddd D MMM YYYY"
                leftSection={<IconCalendar size={16} aria-hidden />}
                error={errors.start?.date?.message}
                popoverProps={{ withinPortal: true, zIndex: 1000 }}
              />
              <TimePicker
                label={t.startTime}
                required
                format="24h"
                value={start.time}
                onChange={(time) => setStart({ ...start, time })}
                leftSection={<IconClock size={16} aria-hidden />}
                hoursInputLabel={`${t.startTime} ${t.hours}`}
                minutesInputLabel={`${t.startTime} ${t.minutes}`}
                error={errors.start?.time?.message}
              />
              <DatePickerInput
                label={t.endDate}
                required
                value={end.date || null}
                onChange={(d) => setEnd({ ...end, date: d ?? '' })}
                valueFormat="ddd D MMM YYYY"
                leftSection={<IconCalendar size={16} aria-hidden />}
                error={errors.end?.date?.message}
                popoverProps={{ withinPortal: true, zIndex: 1000 }}
              />
              <TimePicker
                label={t.endTime}
                required
                format="24h"
                value={end.time}
                onChange={(time) => setEnd({ ...end, time })}
                leftSection={<IconClock size={16} aria-hidden />}
                hoursInputLabel={`${t.endTime} ${t.hours}`}
                minutesInputLabel={`${t.endTime} ${t.minutes}`}
                error={errors.end?.message ?? errors.end?.time?.message}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Select
                  label={t.timeZone}
                  description={t.timeZoneHelp}
                  data={zones}
                  searchable
                  allowDeselect={false}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  onBlur={field.onBlur}
                  leftSection={<IconWorld size={16} aria-hidden />}
                  error={fieldState.error?.message}
                  comboboxProps={{ withinPortal: true, zIndex: 1000 }}
                  maxDropdownHeight={260}
                />
              )}
            />
          </FormSection>

          <FormSection title={t.people}>
            <Controller
              control={form.control}
              name="participants"
              render={({ field, fieldState }) => (
                <ParticipantsField
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                  }}
                  meId={user?.id ?? null}
                  error={showListErrors ? fieldState.error?.message : undefined}
                />
              )}
            />
            <CheckboxField
              control={form.control}
              name="emailNewUsers"
              label={t.emailNewUsers}
              description={t.emailNewUsersHelp}
            />
          </FormSection>

          <FormSection title={t.rooms}>
            <Controller
              control={form.control}
              name="rooms"
              render={({ field, fieldState }) => (
                <RoomsField
                  value={field.value}
                  onChange={field.onChange}
                  onOpenPicker={() => setPicking(true)}
                  error={
                    isSubmitted || touchedFields.rooms !== undefined
                      ? fieldState.error?.message
                      : undefined
                  }
                />
              )}
            />
          </FormSection>

          <Group justify="space-between" gap="sm" className={classes.footer}>
            <Text size="xs" c="dimmed" aria-live="polite">
              {isValid ? '' : t.invalidHint}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={onDone}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={!isValid} loading={save.isPending}>
                {meeting ? t.save : t.create}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>

      <Controller
        control={form.control}
        name="rooms"
        render={({ field }) => (
          <RoomPickerModal
            opened={picking}
            onClose={() => {
              setPicking(false);
              field.onBlur();
            }}
            stackId="meeting-rooms"
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" className={classes.section}>
      <Title order={3} fz="sm" fw={700}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

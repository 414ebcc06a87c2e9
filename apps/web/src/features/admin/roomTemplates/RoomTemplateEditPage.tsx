import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  adminTexts,
  type RoomTemplate,
  type RoomTemplateForm,
  type RoomTemplateFormOutput,
  roomLimits,
  roomTemplateForm,
  type TemplateSharingType,
  TemplateSharingTypes,
  templateSharingHelp,
  templateSharingLabels,
} from '@roomscale/shared';
import { IconInfoCircle, IconPlus, IconTemplateOff, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { serverMessage } from '../../../api/errors.ts';
import { EditColumns, EditScreen, Fact, SaveBar } from '../../../components/EditScreen.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { RoomImage } from '../../../components/RoomImage.tsx';
import { FieldsetSection } from '../../../components/Section.tsx';
import { SwitchField } from '../../../components/SwitchField.tsx';
import { useEditForm } from '../../../components/useEditForm.ts';
import { SharingBadge } from '../../rooms/SharingBadge.tsx';
import { templatesPath } from '../paths.ts';
import { AllowedTeamsField } from './AllowedTeamsField.tsx';
import { useRoomTemplate, useSaveRoomTemplate } from './api.ts';
import classes from './RoomTemplates.module.css';

const t = adminTexts.templateEdit;
const L = t.labels;

/** Admin room template edit (part1 §2, §5): every field, loading, error and not-found states. */
export function RoomTemplateEditPage() {
  const { roomTemplateId = '' } = useParams();
  const template = useRoomTemplate(roomTemplateId);
  return (
    <EditScreen
      query={template}
      texts={t}
      backTo={templatesPath}
      notFoundIcon={<IconTemplateOff size={28} aria-hidden />}
      skeleton={{ fields: 5, aside: <Skeleton style={{ aspectRatio: '16 / 9' }} /> }}
      head={(data) => ({
        title: data.name,
        under: (
          <Group gap="xs" mt={6}>
            <SharingBadge type={data.roomSharingType} labels={templateSharingLabels} />
            <Text size="sm" c="dimmed">
              {adminTexts.templates.roomCount(data.roomCount)}
            </Text>
          </Group>
        ),
      })}
    >
      {(data) => <TemplateForm key={data.id} template={data} />}
    </EditScreen>
  );
}

/** The form's values for a template as the server has it. */
export function toForm(template: RoomTemplate): RoomTemplateForm {
  return {
    name: template.name,
    category: template.category ?? '',
    description: template.description ?? '',
    imageUrl: template.imageUrl ?? '',
    sceneName: template.sceneName,
    addressableUrlAndroid: template.addressableUrlAndroid ?? '',
    addressableUrlWindows: template.addressableUrlWindows ?? '',
    addressableUrlMac: template.addressableUrlMac ?? '',
    maxUsers: template.maxUsers,
    persistent: template.persistent,
    capabilities: template.capabilities.map((name) => ({ name })),
    roomSharingType: (TemplateSharingTypes as readonly string[]).includes(template.roomSharingType)
      ? (template.roomSharingType as TemplateSharingType)
      : 'None',
    allowedOrganizations: template.allowedOrganizations.map((o) => o.id),
  };
}

/** The PATCH body for the form's (validated) values. */
export const toEdit = (values: RoomTemplateFormOutput) => ({
  ...values,
  capabilities: values.capabilities.map((c) => c.name),
});

/** A label of a field that saving copies to every room made from the template. */
function Propagated({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className={classes.mark} aria-hidden>
        *
      </span>
      <VisuallyHidden> ({t.propagatedMark})</VisuallyHidden>
    </>
  );
}

function TemplateForm({ template }: { template: RoomTemplate }) {
  const save = useSaveRoomTemplate(template.id);
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(template.allowedOrganizations.map((o) => [o.id, o.name])),
  );
  const { form, submit, buttons } = useEditForm({
    resolver: zodResolver(roomTemplateForm),
    record: template,
    toForm,
    save: (values: RoomTemplateFormOutput) => save.mutateAsync(toEdit(values)),
    savedTitle: t.saved,
    onSaved: (saved) =>
      setNames(Object.fromEntries(saved.allowedOrganizations.map((o) => [o.id, o.name]))),
    failureText: serverMessage,
    texts: t,
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const capabilities = useFieldArray({ control, name: 'capabilities' });
  // The preview loads once typing pauses, not for every partial address.
  const [imageUrl] = useDebouncedValue(useWatch({ control, name: 'imageUrl' }) ?? '', 500);
  const sharing = useWatch({ control, name: 'roomSharingType' });
  const allowlist = sharing === 'OrganizationAllowlist';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Alert variant="light" color="grape" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Text size="sm">
            <span className={classes.mark} aria-hidden>
              *{' '}
            </span>
            {t.propagatedNote}
          </Text>
        </Alert>

        <EditColumns aside={<TemplateFacts template={template} imageUrl={imageUrl} />}>
          <Stack gap="lg">
            <FieldsetSection title={t.sections.general}>
              <TextInput
                label={L.name}
                maxLength={roomLimits.nameMax}
                error={errors.name?.message}
                {...register('name')}
              />
              <TextInput
                label={<Propagated>{L.category}</Propagated>}
                maxLength={roomLimits.categoryMax}
                error={errors.category?.message}
                {...register('category')}
              />
              <Textarea
                label={L.description}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={roomLimits.descriptionMax}
                error={errors.description?.message}
                {...register('description')}
              />
              <TextInput
                label={<Propagated>{L.imageUrl}</Propagated>}
                description={t.hints.imageUrl}
                maxLength={roomLimits.urlMax}
                error={errors.imageUrl?.message}
                {...register('imageUrl')}
              />
            </FieldsetSection>

            <FieldsetSection title={t.sections.app}>
              <TextInput
                label={<Propagated>{L.sceneName}</Propagated>}
                maxLength={roomLimits.sceneNameMax}
                error={errors.sceneName?.message}
                {...register('sceneName')}
              />
              {(
                ['addressableUrlAndroid', 'addressableUrlWindows', 'addressableUrlMac'] as const
              ).map((field) => (
                <TextInput
                  key={field}
                  label={<Propagated>{L[field]}</Propagated>}
                  placeholder="https://"
                  maxLength={roomLimits.urlMax}
                  error={errors[field]?.message}
                  {...register(field)}
                />
              ))}
              <Group grow align="flex-start">
                <Controller
                  control={control}
                  name="maxUsers"
                  render={({ field }) => (
                    <NumberInput
                      label={<Propagated>{L.maxUsers}</Propagated>}
                      min={roomLimits.maxUsersMin}
                      max={roomLimits.maxUsersMax}
                      allowDecimal={false}
                      allowNegative={false}
                      value={field.value ?? ''}
                      onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={errors.maxUsers?.message}
                    />
                  )}
                />
                <SwitchField
                  control={control}
                  name="persistent"
                  mt={30}
                  label={L.persistent}
                  description={t.hints.persistent}
                />
              </Group>
            </FieldsetSection>

            <FieldsetSection title={<Propagated>{t.sections.capabilities}</Propagated>}>
              {capabilities.fields.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t.noCapabilities}
                </Text>
              )}
              {capabilities.fields.map((row, i) => (
                <Group key={row.id} gap="xs" wrap="nowrap" className={classes.capabilityRow}>
                  <TextInput
                    aria-label={L.capability(i + 1)}
                    placeholder={L.capability(i + 1)}
                    maxLength={roomLimits.capabilityNameMax}
                    error={errors.capabilities?.[i]?.name?.message}
                    style={{ flex: 1 }}
                    {...register(`capabilities.${i}.name`)}
                  />
                  <Tooltip label={t.removeCapability(i + 1)}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t.removeCapability(i + 1)}
                      onClick={() => capabilities.remove(i)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
              <div>
                <Button
                  variant="light"
                  size="sm"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => capabilities.append({ name: '' }, { shouldFocus: true })}
                  disabled={capabilities.fields.length >= roomLimits.capabilitiesMax}
                >
                  {t.addCapability}
                </Button>
              </div>
            </FieldsetSection>

            <FieldsetSection title={t.sections.sharing}>
              <Controller
                control={control}
                name="roomSharingType"
                render={({ field }) => (
                  <Select
                    label={L.sharingType}
                    description={templateSharingHelp[field.value]}
                    data={TemplateSharingTypes.map((v) => ({
                      value: v,
                      label: templateSharingLabels[v],
                    }))}
                    value={field.value}
                    onChange={(v) => v && field.onChange(v)}
                    allowDeselect={false}
                    error={errors.roomSharingType?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="allowedOrganizations"
                render={({ field }) => (
                  <AllowedTeamsField
                    value={field.value ?? []}
                    onChange={field.onChange}
                    names={names}
                    enabled={allowlist}
                    error={errors.allowedOrganizations?.message}
                  />
                )}
              />
            </FieldsetSection>
          </Stack>
        </EditColumns>

        <SaveBar texts={t} {...buttons} />
      </Stack>
    </form>
  );
}

/** Beside the form: the preview of the image typed, who made and last edited the template. */
function TemplateFacts({ template, imageUrl }: { template: RoomTemplate; imageUrl: string }) {
  return (
    <Stack gap="lg">
      <Card padding="lg">
        <Text fw={600} size="sm" mb="sm">
          {t.imagePreview}
        </Text>
        <div className={classes.preview}>
          <RoomImage
            src={imageUrl.trim() || null}
            placeholder={t.noImage}
            failedText={t.imageBroken}
          />
        </div>
      </Card>
      <Card padding="lg">
        <Text fw={600} size="sm" mb="sm">
          {t.info.title}
        </Text>
        <Stack gap="sm">
          <Fact label={t.info.created}>
            {formatDateTime(template.created)}
            {template.createdByName && ` ${t.info.by} ${template.createdByName}`}
          </Fact>
          <Fact label={t.info.edited}>
            {template.lastModified
              ? `${formatDateTime(template.lastModified)}${template.lastModifiedByName ? ` ${t.info.by} ${template.lastModifiedByName}` : ''}`
              : t.info.never}
          </Fact>
          <Fact label={t.info.rooms}>{template.roomCount}</Fact>
        </Stack>
      </Card>
    </Stack>
  );
}

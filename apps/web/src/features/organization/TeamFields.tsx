import { Select, Text, TextInput } from '@mantine/core';
import {
  INDUSTRY_NONE_CONSUMER,
  INDUSTRY_OTHER,
  Industries,
  publicTexts,
  type TeamCreateForm,
} from '@roomscale/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';

const labels = publicTexts.labels;
const t = publicTexts.teamCreate;
const industryOptions = Industries.map((i) => ({ value: i, label: i }));

/**
 * A team's name, company and industry (part2 §5 Team details), shared by team creation and the
 * Details tab: choosing None (Consumer) clears and hides the company name; Other asks for the
 * industry in words.
 */
export function TeamFields({ form }: { form: UseFormReturn<TeamCreateForm> }) {
  const { errors } = form.formState;
  const industry = form.watch('industry');
  const consumer = industry === INDUSTRY_NONE_CONSUMER;

  const onIndustry = (value: string | null) => {
    const next = value ?? '';
    form.setValue('industry', next, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    if (next === INDUSTRY_NONE_CONSUMER) form.setValue('companyName', '', { shouldValidate: true });
    if (next === INDUSTRY_OTHER) form.setValue('industryOther', '');
  };

  return (
    <>
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
    </>
  );
}

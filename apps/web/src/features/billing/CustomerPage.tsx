import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type BillingCustomer, billingCustomerEdit, billingTexts } from '@roomscale/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { serverMessage, showFieldErrors } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Section } from '../../components/Section.tsx';
import { useSession } from '../../session/session.ts';
import { useBillingCustomer, useLicensing, useSaveCustomer } from './api.ts';
import { countryOptions } from './countries.ts';
import {
  type CustomerFormValues,
  customerFields,
  customerValues,
  isCustomerField,
  newCustomerValues,
} from './customerForm.ts';

const t = billingTexts.customerForm;

// The shared command validates; the raw values are sent (the server applies the same schema).
const resolver = zodResolver(billingCustomerEdit, undefined, {
  raw: true,
}) as unknown as Resolver<CustomerFormValues>;

/**
 * /team/subscription/customer (admins, part2 §2 Billing information, §5 Billing): who the team's
 * invoices are for. A new customer goes on to the plan page, an edit back to the overview.
 */
export function CustomerPage() {
  const { team, user } = useSession();
  const teamId = team?.id ?? '';
  const customer = useBillingCustomer(teamId);
  const licensing = useLicensing(teamId);
  if (!team) return null;
  if (customer.isError) {
    return (
      <LoadFailed
        title={billingTexts.load.customerFailed}
        error={customer.error}
        retryLabel={billingTexts.load.retry}
        onRetry={() => void customer.refetch()}
      />
    );
  }
  if (customer.data === undefined) {
    return <Skeleton height={560} radius="md" maw={860} aria-label={billingTexts.load.loading} />;
  }
  return (
    <CustomerForm
      key={customer.data?.customerId ?? 'new'}
      teamId={teamId}
      customer={customer.data}
      defaults={
        customer.data ? customerValues(customer.data) : newCustomerValues(team, user?.email ?? '')
      }
      // Until the summary says otherwise the team may change its details (the default).
      selfManaged={licensing.data?.selfManaged ?? true}
    />
  );
}

function CustomerForm({
  teamId,
  customer,
  defaults,
  selfManaged,
}: {
  teamId: string;
  customer: BillingCustomer | null;
  defaults: CustomerFormValues;
  selfManaged: boolean;
}) {
  const navigate = useNavigate();
  const save = useSaveCustomer(teamId);
  const form = useForm<CustomerFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const isBusiness = form.watch('isBusiness');
  const isNew = customer === null;

  const onBusiness = (checked: boolean) => {
    form.setValue('isBusiness', checked, { shouldDirty: true });
    // A consumer has no VAT number: it is cleared, not kept hidden (part2 §5).
    if (!checked) form.setValue('taxId', '', { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (e) {
      // What was typed stays; the server's reasons go under their fields.
      const messages = showFieldErrors(e, form.setError, (f) =>
        isCustomerField(f) ? f : undefined,
      );
      const first = customerFields.find((f) => f in messages);
      if (first) form.setFocus(first);
      else void showError(t.saveFailed(serverMessage(e)));
      return;
    }
    notifications.show({ color: 'teal', message: t.saved });
    navigate(isNew ? '/team/subscription/plan' : '/team/subscription');
  });

  const text = (name: (typeof customerFields)[number]) => ({
    error: errors[name]?.message,
    ...form.register(name),
  });

  return (
    <Box maw={900}>
      <Section id="billing-customer-title" title={billingTexts.titles.customer}>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              {isNew ? t.newIntro : t.editIntro}
            </Text>
            {!selfManaged && (
              <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
                {billingTexts.subscriptionCard.providerManaged}
              </Alert>
            )}
            <Switch
              label={t.business}
              checked={isBusiness}
              onChange={(e) => onBusiness(e.currentTarget.checked)}
            />
            <TextInput
              label={isBusiness ? t.companyName : t.fullName}
              autoComplete={isBusiness ? 'organization' : 'name'}
              required
              {...text('fullName')}
            />
            <TextInput
              label={t.addressLine1}
              autoComplete="address-line1"
              required
              {...text('addressLine1')}
            />
            <TextInput
              label={t.addressLine2}
              autoComplete="address-line2"
              {...text('addressLine2')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t.postalCode}
                autoComplete="postal-code"
                required
                {...text('addressPostalCode')}
              />
              <TextInput
                label={t.city}
                autoComplete="address-level2"
                required
                {...text('addressCity')}
              />
              <TextInput label={t.state} autoComplete="address-level1" {...text('addressState')} />
              <Controller
                control={form.control}
                name="addressCountry"
                render={({ field }) => (
                  <Select
                    label={t.country}
                    placeholder={t.searchCountry}
                    data={countryOptions()}
                    searchable
                    required
                    allowDeselect={false}
                    nothingFoundMessage={t.noCountry}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.addressCountry?.message}
                    autoComplete="country"
                    // Unmounted while closed, so that the label names only the input.
                    comboboxProps={{ keepMounted: false }}
                    maxDropdownHeight={320}
                  />
                )}
              />
              <TextInput
                label={t.phone}
                type="tel"
                autoComplete="tel"
                required
                {...text('phone')}
              />
              <TextInput
                label={t.invoiceEmail}
                type="email"
                autoComplete="email"
                required
                {...text('invoiceEmail')}
              />
            </SimpleGrid>
            {isBusiness && (
              <TextInput
                label={t.vatNumber}
                description={t.vatHint}
                placeholder="NL123456789B01"
                autoComplete="off"
                spellCheck={false}
                {...text('taxId')}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/team/subscription" variant="default">
                {t.cancel}
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={!selfManaged}>
                {isNew ? t.next : t.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Section>
    </Box>
  );
}

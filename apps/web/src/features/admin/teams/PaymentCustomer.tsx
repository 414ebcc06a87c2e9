import { Button, Code, Group, List, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AdminOrganization,
  adminTeamsTexts,
  teamCreateBody,
  teamCreateForm,
} from '@roomscale/shared';
import { IconLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { fieldErrors } from '../../../api/errors.ts';
import { showError } from '../../../components/dialogs.tsx';
import { lazyPart } from '../../../components/lazyPart.ts';
import { Section } from '../../../components/Section.tsx';
import { billingKeys, useBillingCustomer, useProviderDetails } from '../../billing/api.ts';
import { detailsDefaults } from '../../team/detailsForm.ts';
import { useEditAdminTeam } from './api.ts';
import { failureText } from './failureText.ts';

const t = adminTeamsTexts.payment;

/**
 * What the payment provider holds about the customer (with the country names of the billing
 * screens), loaded only for a team that has one, beside the customer's own call.
 */
const ProviderCustomer = lazyPart(() => import('./ProviderCustomer.tsx'), 'ProviderCustomer');

/**
 * The payment-provider section (part1 §2): without a customer, how the team gets one and an
 * 'Attach customer' prompt; with one, its id and what the payment provider holds about it.
 */
export function PaymentCustomer({ team }: { team: AdminOrganization }) {
  const [attaching, setAttaching] = useState(false);
  const customerId = team.stripeDetails?.customerId;
  // The edit call carries the team's details with their rules: a team created from a name only
  // needs its details saved first, or the customer could not be stored.
  const detailsComplete = teamCreateForm.safeParse(detailsDefaults(team)).success;

  return (
    <Section
      id="team-payment-title"
      title={adminTeamsTexts.edit.sections.payment}
      actions={
        !customerId && (
          <Button
            variant="default"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setAttaching(true)}
            aria-haspopup="dialog"
            disabled={!detailsComplete}
          >
            {t.attach}
          </Button>
        )
      }
    >
      {customerId ? (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t.customerId}
            </Text>
            <Code>{customerId}</Code>
          </Group>
          <CustomerDetails teamId={team.id} customerId={customerId} />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t.noCustomer}</Text>
          <List size="sm" spacing={4}>
            {t.instructions.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {!detailsComplete && (
            <Text size="sm" c="dimmed">
              {t.detailsFirst}
            </Text>
          )}
        </Stack>
      )}
      {attaching && <AttachPrompt team={team} onClose={() => setAttaching(false)} />}
    </Section>
  );
}

/**
 * The customer's details: its calls start at once, beside the code that shows them, which has
 * the same placeholder as the details while they load.
 */
function CustomerDetails({ teamId, customerId }: { teamId: string; customerId: string }) {
  useBillingCustomer(teamId);
  useProviderDetails();
  return (
    <Suspense fallback={<Skeleton height={160} aria-label={t.loading} />}>
      <ProviderCustomer teamId={teamId} customerId={customerId} />
    </Suspense>
  );
}

/** Asks for the customer id and stores it with the team's saved details. */
function AttachPrompt({ team, onClose }: { team: AdminOrganization; onClose: () => void }) {
  const save = useEditAdminTeam(team.id);
  const client = useQueryClient();
  const [value, setValue] = useState('');
  const [erroring, setErroring] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const id = value.trim();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!id) return;
    try {
      await save.mutateAsync({
        ...teamCreateBody(detailsDefaults(team)),
        selfManaged: team.selfManaged,
        customerId: id,
      });
    } catch (err) {
      // A refused id (already another team's) also shows under the field.
      setFieldError(fieldErrors(err).customerId);
      setErroring(true);
      await showError(failureText(err));
      setErroring(false);
      return;
    }
    // The attached customer's details load afresh.
    void client.invalidateQueries({ queryKey: billingKeys.team(team.id) });
    notifications.show({ color: 'teal', message: t.attached });
    onClose();
  };

  const busy = save.isPending;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t.attachTitle}
      closeOnEscape={!erroring && !busy}
      closeOnClickOutside={!erroring && !busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.customerIdLabel}
            description={t.customerIdHint}
            placeholder={t.customerIdPlaceholder}
            required
            data-autofocus
            maxLength={255}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!id} loading={busy}>
              {t.attachSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

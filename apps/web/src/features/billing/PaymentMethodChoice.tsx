import { Alert, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type BillingCustomer, billingTexts } from '@roomscale/shared';
import { IconAlertCircle, IconCreditCard, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors.ts';
import classes from './Billing.module.css';
import type { CardProvider, EnteredCard } from './cardOutcome.ts';
import { cardBrand } from './format.ts';

const t = billingTexts.confirm;

export type PaymentChoice = 'saved' | 'new';

/**
 * The payment method selector (part2 §2 Confirm, §4): the team's saved card when it has one, or
 * a new card in the provider's form with the holder's name.
 */
export function PaymentMethodChoice({
  customer,
  choice,
  onChoice,
  provider,
  providerError,
  holderName,
  onHolderName,
  onCard,
  disabled,
}: {
  customer: BillingCustomer;
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
  provider: CardProvider | null;
  providerError: unknown;
  holderName: string;
  onHolderName: (name: string) => void;
  onCard: (card: EnteredCard | null) => void;
  disabled: boolean;
}) {
  const saved = customer.paymentMethodId && customer.paymentCardLast4 ? customer : null;
  return (
    <Stack gap="md">
      <Radio.Group
        label={t.paymentMethod}
        value={choice}
        onChange={(v) => onChoice(v as PaymentChoice)}
      >
        <Stack gap="sm" mt={6}>
          {saved && (
            <Option value="saved" disabled={disabled} icon={<IconCreditCard size={18} />}>
              <Text fw={600} size="sm">
                {t.savedCard(cardBrand(saved.paymentCardBrand), saved.paymentCardLast4 ?? '')}
              </Text>
              {saved.paymentCardExpiryMonth && saved.paymentCardExpiryYear && (
                <Text size="xs" c="dimmed">
                  {billingTexts.paymentCard.expires(
                    saved.paymentCardExpiryMonth,
                    saved.paymentCardExpiryYear,
                  )}
                </Text>
              )}
            </Option>
          )}
          <Option value="new" disabled={disabled} icon={<IconPlus size={18} />}>
            <Text fw={600} size="sm">
              {t.newCard}
            </Text>
          </Option>
        </Stack>
      </Radio.Group>
      {choice === 'new' && (
        <Stack gap="md">
          {provider ? (
            provider.fields({ disabled, onChange: onCard })
          ) : providerError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {errorText(providerError)}
            </Alert>
          ) : (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm" c="dimmed">
                {t.cardLoading}
              </Text>
            </Group>
          )}
          <TextInput
            label={t.cardHolder}
            value={holderName}
            onChange={(e) => onHolderName(e.currentTarget.value)}
            autoComplete="cc-name"
            required
            disabled={disabled}
            maxLength={200}
          />
        </Stack>
      )}
    </Stack>
  );
}

function Option({
  value,
  disabled,
  icon,
  children,
}: {
  value: PaymentChoice;
  disabled: boolean;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Radio.Card value={value} className={classes.option} radius="md" disabled={disabled}>
      <Group wrap="nowrap" gap="sm">
        <Radio.Indicator />
        <Text c="dimmed" component="span" display="flex" aria-hidden>
          {icon}
        </Text>
        <div>{children}</div>
      </Group>
    </Radio.Card>
  );
}

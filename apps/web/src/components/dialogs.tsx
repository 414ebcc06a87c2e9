import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { dialogLabels } from '@roomscale/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorText } from '../api/errors.ts';
import { modalsReady } from './ModalsHost.tsx';

/**
 * The shared dialogs of part1 §2, on @mantine/modals: alert, confirm, error and success.
 * Each returns a promise that settles when the dialog closes, so callers can simply await it;
 * the first one also waits for the dialogs' code (ModalsHost.tsx).
 */

let sequence = 0;
const nextId = (kind: string) => `${kind}-${++sequence}`;

export type AlertOptions = {
  title: ReactNode;
  content: ReactNode;
  /** Label of the close button; 'Ok' by default. */
  closeLabel?: string;
  icon?: ReactNode;
};

/** Alert: title, content and one close button. Resolves when it is closed, however that happens. */
export async function showAlert({
  title,
  content,
  closeLabel = dialogLabels.alertClose,
  icon,
}: AlertOptions): Promise<void> {
  await modalsReady();
  return new Promise((resolve) => {
    const modalId = nextId('alert');
    modals.open({
      modalId,
      title: icon ? (
        <Group gap="sm" wrap="nowrap">
          {icon}
          <span>{title}</span>
        </Group>
      ) : (
        title
      ),
      onClose: () => resolve(),
      children: (
        <Stack gap="lg">
          {typeof content === 'string' ? <Text size="sm">{content}</Text> : content}
          <Group justify="flex-end">
            <Button onClick={() => modals.close(modalId)} data-autofocus>
              {closeLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

export type ConfirmOptions = {
  title: ReactNode;
  content: ReactNode;
  /** 'Confirm' by default. */
  confirmLabel?: string;
  /** 'Cancel' by default. */
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
};

/** Confirm: resolves true on confirm, false on cancel, Escape or a click outside. */
export async function showConfirm({
  title,
  content,
  confirmLabel = dialogLabels.confirm,
  cancelLabel = dialogLabels.cancel,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  await modalsReady();
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      modalId: nextId('confirm'),
      title,
      children: typeof content === 'string' ? <Text size="sm">{content}</Text> : content,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}

/** Error modal titled 'Error'; a failed call is shown through the error mapper (part1 §8). */
export function showError(error: unknown): Promise<void> {
  return showAlert({
    title: dialogLabels.errorTitle,
    content: typeof error === 'string' ? error : errorText(error),
    icon: (
      <ThemeIcon color="red" variant="light" radius="xl" size="md">
        <IconAlertTriangle size={16} aria-hidden />
      </ThemeIcon>
    ),
  });
}

/** Success modal, e.g. `showSuccess(successTitles.userSaved, screenMessages.dataSaved)`. */
export function showSuccess(title: string, text: ReactNode): Promise<void> {
  return showAlert({
    title,
    content: text,
    icon: (
      <ThemeIcon color="teal" variant="light" radius="xl" size="md">
        <IconCircleCheck size={16} aria-hidden />
      </ThemeIcon>
    ),
  });
}

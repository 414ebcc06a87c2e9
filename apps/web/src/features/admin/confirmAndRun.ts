import { notifications } from '@mantine/notifications';
import { type ConfirmOptions, showConfirm, showError } from '../../components/dialogs.tsx';

/**
 * A removal or deletion on the admin screens: the question first (its confirm button red), then
 * the call; a refusal says why in a dialog (`failureText`), a success shows `done`. Resolves true
 * once done.
 */
export async function confirmAndRun({
  ask,
  run,
  failureText,
  done,
}: {
  ask: Omit<ConfirmOptions, 'danger'>;
  run: () => Promise<unknown>;
  failureText: (error: unknown) => string;
  done: { title?: string; message: string };
}): Promise<boolean> {
  if (!(await showConfirm({ ...ask, danger: true }))) return false;
  try {
    await run();
  } catch (e) {
    await showError(failureText(e));
    return false;
  }
  notifications.show({ color: 'teal', ...done });
  return true;
}

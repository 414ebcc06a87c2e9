import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorText } from '../api/errors.ts';

/** A list or record that could not be loaded: why, and a button to try again. */
export function LoadFailed({
  title,
  error,
  retryLabel,
  onRetry,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={title}
    >
      <Text size="sm">{errorText(error)}</Text>
      <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

import { Alert, Anchor, Group } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';

type OutcomeLink = { to: string; label: string };

/**
 * Where an emailed link (activation, password reset) ends up when there is no form to show: a
 * success or failure alert and the links onward. One link is centred; two sit at either side.
 */
export function LinkOutcome({
  title,
  success,
  message,
  links,
}: {
  title: string;
  success: boolean;
  message: string;
  links: readonly OutcomeLink[];
}) {
  const anchors = links.map(({ to, label }) => (
    <Anchor
      key={to}
      component={Link}
      to={to}
      fw={600}
      ta={links.length === 1 ? 'center' : undefined}
    >
      {label}
    </Anchor>
  ));
  return (
    <AuthLayout title={title}>
      {success ? (
        <Alert color="teal" icon={<IconCircleCheck />} role="status">
          {message}
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {message}
        </Alert>
      )}
      {anchors.length === 1 ? anchors : <Group justify="space-between">{anchors}</Group>}
    </AuthLayout>
  );
}

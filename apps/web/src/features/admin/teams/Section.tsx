import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the team page, with its actions at the right (wrapping on phones). */
export function Section({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="center">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

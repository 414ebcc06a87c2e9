import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading row of a dashboard panel: title (the section's label, `id`), a dimmed subtitle and
 * the panel's actions on the right.
 */
export function PanelHeader({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <div>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </div>
      {children}
    </Group>
  );
}

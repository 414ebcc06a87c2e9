import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The head of a list page: its title and intro, and the action that adds to the list. Admin
 * pages use the smaller `admin` title.
 */
export function ListPageHeader({
  title,
  intro,
  admin = false,
  children,
}: {
  title: string;
  intro: string;
  admin?: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <div>
        <Title order={1} fz={admin ? { base: 24, sm: 28 } : { base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" mt={4}>
          {intro}
        </Text>
      </div>
      {children}
    </Group>
  );
}

import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Section.module.css';

/**
 * A titled card of a page (a landmark named by its heading), with a line of intro under the
 * title and its actions at the right, wrapping on phones.
 */
export function Section({
  id,
  title,
  intro,
  actions,
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" id={id}>
      {title}
    </Title>
  );
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="center">
          {intro ? (
            <div>
              {heading}
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            </div>
          ) : (
            heading
          )}
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A group of fields in an edit form, as a card: a fieldset named by its legend, so a screen
 * reader announces the group on entering it.
 */
export function FieldsetSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card padding="lg" component="fieldset" className={classes.fieldset}>
      <Text component="legend" fw={650} size="md" className={classes.legend}>
        {title}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { profileTexts } from '@roomscale/shared';
import type { ReactNode } from 'react';
import classes from './LinkedAccounts.module.css';

const t = profileTexts.linked;

type Props = {
  icon: ReactNode;
  label: string;
  description: string;
  /** Linked or not; undefined shows no badge. */
  linked?: boolean;
  /** The Link or Unlink button; none when the row offers no action. */
  action?: { kind: 'link' | 'unlink'; onClick: () => void; busy: boolean; disabled?: boolean };
};

/** One way to log in: what it is, whether it is linked, and Link or Unlink. */
export function AccountRow({ icon, label, description, linked, action }: Props) {
  return (
    <li className={classes.row} aria-label={label}>
      <Group gap="sm" wrap="nowrap" className={classes.what}>
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={0} className={classes.text}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.state}>
        {linked !== undefined && (
          <Badge color={linked ? 'teal' : 'gray'} variant="light">
            {linked ? t.linked : t.notLinked}
          </Badge>
        )}
        {action && (
          <Button
            size="xs"
            variant={action.kind === 'link' ? 'filled' : 'default'}
            onClick={action.onClick}
            loading={action.busy}
            disabled={action.disabled}
            aria-label={action.kind === 'link' ? t.linkLabel(label) : t.unlinkLabel(label)}
          >
            {action.kind === 'link' ? t.link : t.unlink}
          </Button>
        )}
      </Group>
    </li>
  );
}

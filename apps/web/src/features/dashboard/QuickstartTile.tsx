import { Card, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowUpRight, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import lift from '../../components/LiftCard.module.css';
import { preloadOn } from '../../components/lazyPart.ts';
import classes from './QuickstartTile.module.css';

type Target =
  | { to: string }
  | { href: string }
  /** A dialog: `preload` fetches its code when the pointer or focus reaches the tile. */
  | { onClick: () => void; preload?: () => void };

type Props = {
  icon: ReactNode;
  color: string;
  title: string;
  description: string;
  /** Screen-reader note for external links, e.g. '(opens in a new tab)'. */
  externalNote?: string;
  highlight?: boolean;
  /** Icon, text and arrow in one row: for a tile spanning the whole grid. */
  wide?: boolean;
} & Target;

/** A quickstart tile of the dashboard: one link or button, keyboard reachable as a whole. */
export function QuickstartTile(props: Props) {
  const { icon, color, title, description, externalNote, highlight, wide } = props;
  const external = 'href' in props;
  const body = wide ? (
    <Card
      padding="lg"
      className={`${lift.card} ${classes.card}`}
      data-highlight={highlight || undefined}
    >
      <Group wrap="nowrap" gap="lg">
        <ThemeIcon size={44} radius="md" variant={highlight ? 'filled' : 'light'} color={color}>
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text fw={650}>{title}</Text>
          <Text size="sm" c="dimmed" mt={2}>
            {description}
          </Text>
        </div>
        <IconChevronRight size={18} className={classes.arrow} aria-hidden />
      </Group>
    </Card>
  ) : (
    <Card
      padding="lg"
      className={`${lift.card} ${classes.card}`}
      data-highlight={highlight || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant={highlight ? 'filled' : 'light'} color={color}>
          {icon}
        </ThemeIcon>
        {external ? (
          <IconArrowUpRight size={18} className={classes.arrow} aria-hidden />
        ) : (
          <IconChevronRight size={18} className={classes.arrow} aria-hidden />
        )}
      </Group>
      <Text fw={650} mt="md">
        {title}
        {external && externalNote && <span className={classes.srOnly}> {externalNote}</span>}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {description}
      </Text>
    </Card>
  );
  if ('to' in props) {
    return (
      <UnstyledButton component={Link} to={props.to} className={lift.link}>
        {body}
      </UnstyledButton>
    );
  }
  if ('href' in props) {
    return (
      <UnstyledButton
        component="a"
        href={props.href}
        target="_blank"
        rel="noopener noreferrer"
        className={lift.link}
      >
        {body}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton
      onClick={props.onClick}
      className={lift.link}
      aria-haspopup="dialog"
      {...(props.preload ? preloadOn(props.preload) : {})}
    >
      {body}
    </UnstyledButton>
  );
}

import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { publicTexts } from '@roomscale/shared';
import type { ReactNode } from 'react';
import { NotFoundNotice } from '../../session/notFound.tsx';
import classes from './AuthLayout.module.css';
import { LogoMark } from './Logo.tsx';

type Props = {
  /** Heading inside the card. */
  title?: string;
  /** Short text under the heading. */
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. "Don't have an account? Register". */
  below?: ReactNode;
  /** Card width in pixels. */
  width?: number;
  /**
   * Shows 'Page not found' when an unknown path redirected here. Off while loading on the way to
   * the page the user lands on, which shows it instead (a notice that flashes twice reads badly).
   */
  notFoundNotice?: boolean;
};

/** The frame of the public screens: product mark, one card, a quiet background. */
export function AuthLayout({
  title,
  description,
  children,
  below,
  width = 440,
  notFoundNotice = true,
}: Props) {
  return (
    <main className={classes.root}>
      <div className={classes.brand}>
        <LogoMark />
        <span className={classes.wordmark}>{publicTexts.productName}</span>
      </div>
      {notFoundNotice && <NotFoundNotice maw={width} />}
      <Paper
        className={classes.card}
        maw={width}
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
      >
        <Stack gap="lg">
          {(title || description) && (
            <Stack gap={6}>
              {title && (
                <Title order={1} fz="h2" fw={650}>
                  {title}
                </Title>
              )}
              {description && (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              )}
            </Stack>
          )}
          {children}
        </Stack>
      </Paper>
      {below && (
        <Text size="sm" ta="center">
          {below}
        </Text>
      )}
      <footer className={classes.footer}>
        © {new Date().getFullYear()} {publicTexts.footer}
      </footer>
    </main>
  );
}

/** The public frame while something loads: a spinner and what is being done, announced politely. */
export function AuthLoading({ text }: { text: string }) {
  return (
    <AuthLayout notFoundNotice={false}>
      <Center py="xl">
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader />
          <Text c="dimmed" size="sm">
            {text}
          </Text>
        </Stack>
      </Center>
    </AuthLayout>
  );
}

import { Anchor, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { publicTexts } from '@roomscale/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';

const t = publicTexts.registerComplete;

/** /register/complete: the activation email is on its way. */
export function RegisterCompletePage() {
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : null;
  return (
    <AuthLayout>
      <Stack gap="md" align="center" ta="center">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMailCheck size={34} />
          </ThemeIcon>
        </Center>
        <Title order={1} fz="h2" fw={650}>
          {t.heading}
        </Title>
        <Text>{t.body}</Text>
        {email && (
          <Text size="sm" fw={500}>
            {t.sentTo(email)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t.hint}
        </Text>
        <Anchor component={Link} to="/login" fw={600}>
          {t.login}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ScimTokenCreated, scimTexts as t } from '@roomscale/shared';
import { IconCircleCheck, IconInfoCircle, IconKey } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { showConfirm } from '../../components/dialogs.tsx';
import { CopyField } from './CopyField.tsx';
import { useCreateScimToken, useRevokeScimToken, useScimToken } from './scimApi.ts';

const when = (iso: string) => dayjs(iso).format('D MMMM YYYY, HH:mm');

/**
 * The team's SCIM token on the Single sign-on tab (docs/scim.md): whether provisioning is on,
 * create or replace the token — shown once, with the base URL, each with a copy button — and
 * revoke it.
 */
export function ScimTokenCard({ teamId }: { teamId: string }) {
  const status = useScimToken(teamId);
  const create = useCreateScimToken(teamId);
  const revoke = useRevokeScimToken(teamId);
  const [fresh, setFresh] = useState<ScimTokenCreated | null>(null);
  const enabled = status.data?.enabled === true;

  const onCreate = async () => {
    if (
      enabled &&
      !(await showConfirm({
        title: t.replaceTitle,
        content: t.replaceText,
        confirmLabel: t.replace,
        danger: true,
      }))
    )
      return;
    try {
      setFresh(await create.mutateAsync());
      notifications.show({ color: 'teal', message: t.created });
    } catch {
      notifications.show({ color: 'red', message: t.failed });
    }
  };
  const onRevoke = async () => {
    if (
      !(await showConfirm({
        title: t.revokeTitle,
        content: t.revokeText,
        confirmLabel: t.revoke,
        danger: true,
      }))
    )
      return;
    try {
      await revoke.mutateAsync();
      setFresh(null);
      notifications.show({ color: 'teal', message: t.revoked });
    } catch {
      notifications.show({ color: 'red', message: t.failed });
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="scim-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="scim-title">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {status.isError && (
          <Alert color="red" variant="light">
            {t.loadFailed}
          </Alert>
        )}
        {status.data &&
          (enabled ? (
            <Alert
              variant="light"
              color="teal"
              role="status"
              icon={<IconCircleCheck size={18} aria-hidden />}
              title={t.enabled}
            >
              {status.data.createdAt && t.createdAt(when(status.data.createdAt))},{' '}
              {status.data.lastUsedAt ? t.lastUsedAt(when(status.data.lastUsedAt)) : t.neverUsed}
            </Alert>
          ) : (
            <Alert
              variant="light"
              color="gray"
              role="status"
              icon={<IconInfoCircle size={18} aria-hidden />}
            >
              {t.disabled}
            </Alert>
          ))}
        {fresh && (
          <Stack gap="sm">
            <Alert variant="light" color="orange" icon={<IconKey size={18} aria-hidden />}>
              {t.tokenOnce}
            </Alert>
            <CopyField label={t.baseUrl} value={fresh.baseUrl} />
            <CopyField label={t.token} value={fresh.token} />
          </Stack>
        )}
        {status.data && (
          <Group>
            <Button onClick={() => void onCreate()} loading={create.isPending}>
              {enabled ? t.replace : t.create}
            </Button>
            {enabled && (
              <Button
                variant="default"
                color="red"
                onClick={() => void onRevoke()}
                loading={revoke.isPending}
              >
                {t.revoke}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

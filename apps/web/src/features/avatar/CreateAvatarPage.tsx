import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type MeEdit, profileTexts, publicTexts } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { IconAlertCircle, IconUserCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { errorText } from '../../api/errors.ts';
import { useClientConfig } from '../../session/clientConfig.ts';
import { session } from '../../session/session.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { safeTarget } from '../auth/targetRoute.ts';
import { AvatarBuilderFrame } from './AvatarBuilderFrame.tsx';
import { absoluteAvatarUrl, freshBuilderUrl } from './avatarMessage.ts';

/** The edit screen's words where they differ from creation's. */
const editTexts = (remake: boolean) => ({
  ...publicTexts.avatar,
  heading: remake ? profileTexts.avatar.remakeHeading : profileTexts.avatar.editHeading,
  intro: profileTexts.avatar.editIntro,
  noBuilder: profileTexts.avatar.noBuilder,
  skip: profileTexts.avatar.useDefault,
  skipHint: profileTexts.avatar.useDefaultHint,
});

type Props = {
  /**
   * 'edit' is /profile/edit-avatar: changing the avatar the user has, with a way back and no
   * 'Skip'; its query `remake` opens the builder on a new avatar instead of the last one.
   */
  mode?: 'create' | 'edit';
  /** Where to go once saved when the address names no targetRoute (Avatar completion, part1 §4). */
  defaultTarget?: string;
};

/**
 * /create-avatar?targetRoute: the avatar builder when one is configured; skipping (or having no
 * builder) gives the default avatar. The avatar is saved, the user reloaded, then on to the target.
 */
export function CreateAvatarPage({ mode = 'create', defaultTarget }: Props) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('targetRoute');
  const target = requested || !defaultTarget ? safeTarget(requested) : defaultTarget;
  const editing = mode === 'edit';
  const remake = editing && params.has('remake') && params.get('remake') !== 'false';
  const t = editing ? editTexts(remake) : publicTexts.avatar;
  const config = useClientConfig();

  const save = useMutation({
    mutationFn: async (avatarUrl: string) => {
      const body: MeEdit = { readyPlayerMeAvatar: absoluteAvatarUrl(avatarUrl, location.origin) };
      await call(usersApi.editMe, { body });
      await session.reloadUser();
    },
    onSuccess: () => navigate(target, { replace: true }),
  });

  const configuredBuilder = config.data?.avatarBuilderUrl ?? null;
  const builderUrl =
    configuredBuilder && remake ? freshBuilderUrl(configuredBuilder) : configuredBuilder;
  const skip = () => {
    if (config.data) save.mutate(config.data.defaultAvatarUrl);
  };
  // Once an avatar is exported the builder is hidden; it comes back only if saving fails.
  const exporting = save.isPending || save.isSuccess;

  const skipButton = (
    <Button
      variant={builderUrl ? 'default' : 'filled'}
      size={builderUrl ? 'sm' : 'md'}
      fullWidth={!builderUrl}
      onClick={skip}
      disabled={!config.data || save.isPending}
      loading={save.isPending && save.variables === config.data?.defaultAvatarUrl}
    >
      {t.skip}
    </Button>
  );
  // Editing keeps the avatar the user has unless they save another.
  const backButton = editing && (
    <Button component={Link} to={target} variant="subtle" size="sm">
      {profileTexts.avatar.cancel}
    </Button>
  );

  const saveError = save.isError && (
    <Alert color="red" icon={<IconAlertCircle />} role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorText(save.error)}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => save.variables && save.mutate(save.variables)}
        >
          {t.retry}
        </Button>
      </Group>
    </Alert>
  );

  if (config.isPending) {
    return (
      <AuthLayout title={t.heading}>
        <Center py="xl" role="status" aria-label={t.builderLoading}>
          <Loader />
        </Center>
        {skipButton}
        {backButton}
      </AuthLayout>
    );
  }

  if (config.isError) {
    return (
      <AuthLayout title={t.heading}>
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t.configFailed}>
          {errorText(config.error)}
        </Alert>
        <Group grow>
          {skipButton}
          <Button onClick={() => config.refetch()}>{t.retry}</Button>
        </Group>
        {backButton}
      </AuthLayout>
    );
  }

  if (!builderUrl) {
    return (
      <AuthLayout>
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={72} radius="xl" variant="light">
            <IconUserCircle size={44} />
          </ThemeIcon>
          <Title order={1} fz="h2" fw={650}>
            {t.heading}
          </Title>
          <Text>{t.noBuilder}</Text>
        </Stack>
        {saveError}
        {skipButton}
        {backButton}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t.heading} description={t.intro} width={1040}>
      {saveError}
      {exporting ? (
        <Center py="xl">
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader />
            <Text c="dimmed" size="sm">
              {t.saving}
            </Text>
          </Stack>
        </Center>
      ) : (
        <AvatarBuilderFrame url={builderUrl} onExported={(url) => save.mutate(url)} />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t.skipHint}
        </Text>
        <Group gap="xs">
          {backButton}
          {skipButton}
        </Group>
      </Group>
    </AuthLayout>
  );
}

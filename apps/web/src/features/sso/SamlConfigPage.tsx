import { Skeleton, Stack, Text } from '@mantine/core';
import { ssoTexts } from '@roomscale/shared';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useSession } from '../../session/session.ts';
import { useSamlConfig } from './api.ts';
import { IdpForm } from './IdpForm.tsx';
import { IdpSetupGuide } from './IdpSetupGuide.tsx';
import { ProviderValues } from './ProviderValues.tsx';
import { ScimTokenCard } from './ScimTokenCard.tsx';
import { SsoStatus } from './SsoStatus.tsx';

const t = ssoTexts.tab;

/**
 * /team/sso (team admins, part2 §2 'Single sign-on'): the team's SAML 2.0 settings. Our values
 * come first, since the identity provider's admin enters them there before they have any of
 * theirs to give back.
 */
export function SamlConfigPage() {
  const { team } = useSession();
  const config = useSamlConfig(team?.id ?? '');
  if (!team) return null;
  if (config.isError) {
    return (
      <LoadFailed
        title={t.loadFailed}
        error={config.error}
        retryLabel={t.retry}
        onRetry={() => void config.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg" maw={860}>
      <Text c="dimmed">{t.intro}</Text>
      {config.data ? (
        <>
          <SsoStatus config={config.data} />
          <ProviderValues config={config.data} />
          <IdpSetupGuide config={config.data} />
          <IdpForm teamId={team.id} config={config.data} />
          <ScimTokenCard teamId={team.id} />
        </>
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label={t.title}>
          <Skeleton height={48} radius="md" />
          <Skeleton height={380} radius="md" />
          <Skeleton height={340} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

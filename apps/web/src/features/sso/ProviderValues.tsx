import { Card, Stack, Title } from '@mantine/core';
import { type SamlConfig, ssoTexts } from '@roomscale/shared';
import { CopyField } from './CopyField.tsx';

const t = ssoTexts.tab;

/**
 * Our side of the SAML trust, for the identity provider's admin to enter there (part2 §2). They
 * exist before the first save: the identity provider is usually set up first.
 */
export function ProviderValues({ config }: { config: SamlConfig }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sso-sp-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="sso-sp-title">
          {t.spHeading}
        </Title>
        <CopyField label={t.fields.appIdUri} value={config.appIdUri} description={t.appIdUriHint} />
        <CopyField label={t.fields.ssoUrl} value={config.ssoUrl} />
        <CopyField label={t.fields.consumerUrl} value={config.consumerUrl} />
        <CopyField label={t.fields.samlConfig} value={config.samlConfig} multiline />
      </Stack>
    </Card>
  );
}

import { Accordion, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { type SamlConfig, ssoTexts } from '@roomscale/shared';
import classes from './SamlConfig.module.css';

const t = ssoTexts.setupGuide;
const fields = ssoTexts.tab.fields;

/**
 * 'Set up in your identity provider': for Entra ID, Okta, Google Workspace and any other SAML
 * 2.0 provider, which of our values goes into which of its fields, which claim carries the
 * person's address, and what to bring back. An accordion: each provider opens with the keyboard
 * (Tab to its heading, Enter or Space), one at a time.
 */
export function IdpSetupGuide({ config }: { config: SamlConfig }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sso-guide-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sso-guide-title">
          {t.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <Accordion variant="separated" chevronPosition="right" order={3}>
          {t.providers.map((p) => (
            <Accordion.Item key={p.id} value={p.id}>
              <Accordion.Control>
                <Text fw={500} size="sm">
                  {p.name}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <Text size="sm">{p.where}</Text>
                  <Table
                    className={classes.guideTable}
                    verticalSpacing="xs"
                    aria-label={`${p.name}: ${t.theirField}, ${t.ourValue}`}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t.theirField}</Table.Th>
                        <Table.Th scope="col">{t.ourValue}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.fields.map((f) => (
                        <Table.Tr key={f.theirs}>
                          <Table.Td>{f.theirs}</Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {fields[f.ours]}
                            </Text>
                            {f.ours === 'samlConfig' ? (
                              <Text size="xs" c="dimmed">
                                {t.metadataValue}
                              </Text>
                            ) : (
                              <Code className={classes.guideValue}>{config[f.ours]}</Code>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  <div>
                    <Text size="sm" fw={500}>
                      {t.addressHeading}
                    </Text>
                    <Text size="sm" className={classes.guideText}>
                      {p.address}
                    </Text>
                  </div>
                  <div>
                    <Text size="sm" fw={500}>
                      {t.backHeading}
                    </Text>
                    <Text size="sm">{p.back}</Text>
                  </div>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Card>
  );
}

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type ClientConfig, shellTexts } from '@roomscale/shared';
import {
  IconAlertTriangle,
  IconBook,
  IconBrandApple,
  IconBrandWindows,
  IconCardboards,
  IconDeviceVisionPro,
  IconDownload,
  IconExternalLink,
  IconListDetails,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useClientConfig } from '../../app/clientConfig.ts';
import { ExternalAnchor } from '../../components/ExternalAnchor.tsx';

const t = shellTexts.downloads;

type Platform = {
  key: string;
  title: string;
  devices: readonly string[];
  text: string;
  icon: ReactNode;
  color: string;
  action: string;
  /** Store page (new tab) or a direct download; none means not available yet. */
  link?: (c: ClientConfig) => { href: string; kind: 'store' | 'download' };
};

const platforms: Platform[] = [
  {
    key: 'meta',
    title: t.metaTitle,
    devices: t.metaDevices,
    text: t.metaText,
    icon: <IconDeviceVisionPro size={26} aria-hidden />,
    color: 'blue',
    action: t.metaAction,
    link: (c) => ({ href: c.downloads.metaStoreUrl, kind: 'store' }),
  },
  {
    key: 'pico',
    title: t.picoTitle,
    devices: t.picoDevices,
    text: t.picoText,
    icon: <IconCardboards size={26} aria-hidden />,
    color: 'cyan',
    action: t.picoAction,
    link: (c) => ({ href: c.downloads.picoApkUrl, kind: 'download' }),
  },
  {
    key: 'windows',
    title: t.windowsTitle,
    devices: t.windowsDevices,
    text: t.windowsText,
    icon: <IconBrandWindows size={26} aria-hidden />,
    color: 'indigo',
    action: t.windowsAction,
    link: (c) => ({ href: c.downloads.windowsInstallerUrl, kind: 'download' }),
  },
  {
    key: 'mac',
    title: t.macTitle,
    devices: t.macDevices,
    text: t.macText,
    icon: <IconBrandApple size={26} aria-hidden />,
    color: 'gray',
    action: t.macAction,
  },
];

/** Downloads (part2 §2): the app for each platform, with links to help and the changelog. */
export function DownloadsPage() {
  const config = useClientConfig();

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t.heading}
        </Title>
        <Text c="dimmed" mt={6} maw={680}>
          {t.intro}
        </Text>
      </div>

      {config.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t.configFailed}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => config.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {platforms.map((p) => (
          <PlatformCard key={p.key} platform={p} config={config.data} loading={config.isPending} />
        ))}
      </SimpleGrid>

      <Card padding="lg">
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconBook size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={650}>{t.helpTitle}</Text>
              <Text size="sm" c="dimmed">
                {t.helpText}
              </Text>
            </div>
          </Group>
          {config.data ? (
            <Group gap="lg">
              <ExternalAnchor href={config.data.downloads.knowledgeBaseUrl} fw={500}>
                <Group gap={6} wrap="nowrap">
                  <IconBook size={16} aria-hidden />
                  {t.knowledgeBase}
                </Group>
              </ExternalAnchor>
              <ExternalAnchor href={config.data.downloads.changelogUrl} fw={500}>
                <Group gap={6} wrap="nowrap">
                  <IconListDetails size={16} aria-hidden />
                  {t.changelog}
                </Group>
              </ExternalAnchor>
            </Group>
          ) : (
            config.isPending && <Skeleton h={16} w={220} />
          )}
        </Group>
      </Card>
    </Stack>
  );
}

function PlatformCard({
  platform: p,
  config,
  loading,
}: {
  platform: Platform;
  config: ClientConfig | undefined;
  loading: boolean;
}) {
  const link = config && p.link ? p.link(config) : null;
  return (
    <Card padding="lg" h="100%">
      <Stack gap="md" h="100%">
        <ThemeIcon size={48} radius="md" variant="light" color={p.color}>
          {p.icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {p.title}
          </Title>
          <Group gap={6} mt={8}>
            {p.devices.map((d) => (
              <Badge key={d} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                {d}
              </Badge>
            ))}
          </Group>
        </div>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {p.text}
        </Text>
        {!p.link ? (
          <Button variant="default" disabled fullWidth>
            {p.action}
          </Button>
        ) : link ? (
          link.kind === 'store' ? (
            <Button
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              fullWidth
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              {p.action}
            </Button>
          ) : (
            <Button
              component="a"
              href={link.href}
              download
              fullWidth
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {p.action}
            </Button>
          )
        ) : (
          <Button fullWidth disabled loading={loading}>
            {p.action}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

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
import { type ClientConfig, type DownloadPlatform, shellTexts } from '@roomscale/shared';
import { contentApi } from '@roomscale/shared/contract';
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
import { call } from '../../api/client.ts';
import { ExternalAnchor } from '../../components/ExternalAnchor.tsx';
import { useClientConfig } from '../../session/clientConfig.ts';
import { useSession } from '../../session/session.ts';

const t = shellTexts.downloads;

type Platform = {
  key: string;
  title: string;
  devices: readonly string[];
  text: string;
  icon: ReactNode;
  color: string;
  action: string;
  /**
   * Store page (new tab) or a direct download, and the setting that configures it; none means
   * the build does not exist yet. A null href: this server has no link for it.
   */
  link?: {
    href: (c: ClientConfig) => string | null;
    kind: 'store' | 'download';
    setting: string;
    /** What a click counts as on the admin overview. */
    platform: DownloadPlatform;
  };
};

/**
 * Counts a started download for the admin overview. Fire and forget: the link does its own work at
 * once, and a count that fails (offline, an older server) must neither hold it up nor be shown.
 */
function recordDownload(platform: DownloadPlatform) {
  call(contentApi.recordDownload, { body: { platform } }).catch(() => {});
}

const platforms: Platform[] = [
  {
    key: 'meta',
    title: t.metaTitle,
    devices: t.metaDevices,
    text: t.metaText,
    icon: <IconDeviceVisionPro size={26} aria-hidden />,
    color: 'blue',
    action: t.metaAction,
    link: {
      href: (c) => c.downloads.metaStoreUrl,
      kind: 'store',
      setting: 'META_STORE_URL',
      platform: 'metaStore',
    },
  },
  {
    key: 'pico',
    title: t.picoTitle,
    devices: t.picoDevices,
    text: t.picoText,
    icon: <IconCardboards size={26} aria-hidden />,
    color: 'cyan',
    action: t.picoAction,
    link: {
      href: (c) => c.downloads.picoApkUrl,
      kind: 'download',
      setting: 'PICO_APK_URL',
      platform: 'picoApk',
    },
  },
  {
    key: 'windows',
    title: t.windowsTitle,
    devices: t.windowsDevices,
    text: t.windowsText,
    icon: <IconBrandWindows size={26} aria-hidden />,
    color: 'indigo',
    action: t.windowsAction,
    link: {
      href: (c) => c.downloads.windowsInstallerUrl,
      kind: 'download',
      setting: 'WINDOWS_INSTALLER_URL',
      platform: 'windowsInstaller',
    },
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
  // Which server setting adds a missing link concerns the ones who run the server only.
  const operator = useSession().user?.superAdmin === true;
  const changelogUrl = config.data?.downloads.changelogUrl;

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
          <PlatformCard
            key={p.key}
            platform={p}
            config={config.data}
            loading={config.isPending}
            operator={operator}
          />
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
                {changelogUrl ? t.helpText : t.helpTextGuides}
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
              {changelogUrl && (
                <ExternalAnchor href={changelogUrl} fw={500}>
                  <Group gap={6} wrap="nowrap">
                    <IconListDetails size={16} aria-hidden />
                    {t.changelog}
                  </Group>
                </ExternalAnchor>
              )}
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
  operator,
}: {
  platform: Platform;
  config: ClientConfig | undefined;
  loading: boolean;
  operator: boolean;
}) {
  const href = config && p.link ? p.link.href(config) : null;
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
        <PlatformAction
          platform={p}
          href={href}
          loaded={config !== undefined}
          loading={loading}
          operator={operator}
        />
      </Stack>
    </Card>
  );
}

/**
 * The card's button: the store or the download, 'Coming soon', or that there is none here yet
 * (and, to a super admin, which setting adds it).
 */
function PlatformAction({
  platform: p,
  href,
  loaded,
  loading,
  operator,
}: {
  platform: Platform;
  href: string | null;
  loaded: boolean;
  loading: boolean;
  operator: boolean;
}) {
  if (!p.link) {
    return (
      <Button variant="default" disabled fullWidth>
        {p.action}
      </Button>
    );
  }
  if (!loaded || !href) {
    return (
      <Stack gap={6}>
        <Button fullWidth disabled loading={loading}>
          {loaded ? t.notOnThisServer : p.action}
        </Button>
        {loaded && (
          <Text size="xs" c="dimmed">
            {operator ? t.howToAdd(p.link.setting) : t.notYetText}
          </Text>
        )}
      </Stack>
    );
  }
  const { platform } = p.link;
  const onClick = () => recordDownload(platform);
  return p.link.kind === 'store' ? (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      fullWidth
      rightSection={<IconExternalLink size={16} aria-hidden />}
    >
      {p.action}
    </Button>
  ) : (
    <Button
      component="a"
      href={href}
      download
      onClick={onClick}
      fullWidth
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      {p.action}
    </Button>
  );
}

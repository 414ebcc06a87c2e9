import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { screenMessages, shellTexts } from '@roomscale/shared';
import {
  IconDownload,
  IconFileText,
  IconFolder,
  IconFolderShare,
  IconSchool,
  IconSparkles,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyPart } from '../../components/lazyPart.ts';
import { OverlayLoader } from '../../components/OverlayLoader.tsx';
import { useClientConfig } from '../../session/clientConfig.ts';
import { useSession } from '../../session/session.ts';
import { MeetingsPanel } from '../meetings/MeetingsPanel.tsx';
import { QuickstartTile } from './QuickstartTile.tsx';
import { RecentFilesPanel } from './RecentFilesPanel.tsx';

const t = shellTexts.dashboard;

/** The tutorials dialog (its list and player) loads when first opened, not with the dashboard. */
const TutorialsModal = lazyPart(
  () => import('../../components/tutorials/TutorialsModal.tsx'),
  'TutorialsModal',
);

/**
 * The dashboard (part2 §2): welcome line, quickstart tiles, the file shortcuts, the meetings
 * panel and the recent files grid.
 */
export function DashboardPage() {
  const { user, team } = useSession();
  const config = useClientConfig();
  // `undefined` until first opened; then kept mounted so it opens and closes with its transition.
  const [tutorialsOpen, setTutorialsOpen] = useState<boolean>();
  const licensed = team?.licenseType === 'License';

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {screenMessages.welcomeBack(user?.firstName ?? '')}
          </Title>
          {team && (
            <Text c="dimmed" mt={4}>
              {t.teamLine(team.name)}
            </Text>
          )}
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to="/files/team"
            variant="default"
            leftSection={<IconFolderShare size={18} aria-hidden />}
          >
            {t.teamFiles}
          </Button>
          <Button
            component={Link}
            to="/files/user"
            variant="default"
            leftSection={<IconFolder size={18} aria-hidden />}
          >
            {t.personalFiles}
          </Button>
        </Group>
      </Group>

      <section aria-labelledby="quickstart-heading">
        <Title order={2} fz="lg" id="quickstart-heading" mb="md">
          {t.quickstart}
        </Title>
        {!licensed && (
          <Box mb="md">
            <QuickstartTile
              to="/team/subscription"
              icon={<IconSparkles size={24} aria-hidden />}
              color="yellow"
              highlight
              wide
              title={screenMessages.upgradeTile}
              description={t.upgradeText}
            />
          </Box>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <QuickstartTile
            onClick={() => setTutorialsOpen(true)}
            preload={TutorialsModal.preload}
            icon={<IconSchool size={24} aria-hidden />}
            color="indigo"
            title={t.tutorialsTitle}
            description={t.tutorialsText}
          />
          <QuickstartTile
            to="/downloads"
            icon={<IconDownload size={24} aria-hidden />}
            color="teal"
            title={t.downloadTitle}
            description={t.downloadText}
          />
          {config.data && (
            <QuickstartTile
              href={config.data.patchNotesUrl}
              externalNote={t.opensNewTab}
              icon={<IconFileText size={24} aria-hidden />}
              color="grape"
              title={t.patchNotesTitle}
              description={t.patchNotesText}
            />
          )}
          <QuickstartTile
            to="/team"
            icon={<IconUsersGroup size={24} aria-hidden />}
            color="orange"
            title={t.teamTitle}
            description={t.teamText}
          />
        </SimpleGrid>
      </section>

      <MeetingsPanel />

      {team && <RecentFilesPanel teamId={team.id} />}

      {tutorialsOpen !== undefined && (
        <Suspense fallback={<OverlayLoader />}>
          <TutorialsModal opened={tutorialsOpen} onClose={() => setTutorialsOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

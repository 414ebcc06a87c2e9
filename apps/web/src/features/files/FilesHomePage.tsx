import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { filesTexts } from '@roomscale/shared';
import { IconDeviceVisionPro, IconFolder, IconFolderShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import lift from '../../components/LiftCard.module.css';
import { landingRecentPageSize, useLatestFiles } from './api.ts';
import { useFilesContext } from './FilesContext.tsx';
import { filesPaths, libraryPath } from './paths.ts';

const t = filesTexts.home;

/**
 * /files (part2 §2): three cards to the personal files, the team files and the recent notes.
 * The spec's landing also loads the ten newest files without showing them; that warms the
 * cache of the recent lists.
 */
export function FilesHomePage() {
  const { teamId } = useFilesContext();
  useLatestFiles(teamId, landingRecentPageSize);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t.title}
        </Title>
        <Text c="dimmed" size="sm" mt={2}>
          {t.intro}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <HomeCard
          to={libraryPath('User')}
          icon={<IconFolder size={26} aria-hidden />}
          color="indigo"
          {...t.cards.personal}
        />
        <HomeCard
          to={libraryPath('Organization')}
          icon={<IconFolderShare size={26} aria-hidden />}
          color="teal"
          {...t.cards.team}
        />
        <HomeCard
          to={filesPaths.recentNotes}
          icon={<IconDeviceVisionPro size={26} aria-hidden />}
          color="orange"
          {...t.cards.notes}
        />
      </SimpleGrid>
    </Stack>
  );
}

function HomeCard({
  to,
  icon,
  color,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  color: string;
  title: string;
  text: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} className={lift.link}>
      <Card padding="lg" className={lift.card}>
        <ThemeIcon size={52} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Text fw={650} fz="lg" mt="md">
          {title}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          {text}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

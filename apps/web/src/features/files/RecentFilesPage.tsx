import { Stack, Text, Title } from '@mantine/core';
import { filesTexts } from '@roomscale/shared';
import { IconClock, IconDeviceVisionPro } from '@tabler/icons-react';
import { type RecentKind, useRecentFiles } from './api.ts';
import { FileList, NoItems } from './FileList.tsx';
import { useFilesContext } from './FilesContext.tsx';
import { useFileActions } from './useFileActions.ts';

/**
 * /files/recent (every file, newest first) and /files/recent-vr (notes and pictures made in the
 * VR app); 24 a page (part2 §2, §9).
 */
export function RecentFilesPage({ kind }: { kind: RecentKind }) {
  const { teamId } = useFilesContext();
  const actions = useFileActions(teamId);
  const files = useRecentFiles(teamId, kind);
  const t = kind === 'vr' ? filesTexts.recentNotes : filesTexts.recent;

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
      <FileList
        query={files}
        actions={actions}
        sections={false}
        empty={
          <NoItems
            icon={
              kind === 'vr' ? (
                <IconDeviceVisionPro size={28} aria-hidden />
              ) : (
                <IconClock size={28} aria-hidden />
              )
            }
            title={t.empty}
          />
        }
      />
    </Stack>
  );
}

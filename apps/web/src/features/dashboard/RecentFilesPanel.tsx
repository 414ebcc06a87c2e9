import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { type FileItem, fileLimits, filesTexts } from '@roomscale/shared';
import { IconAlertTriangle, IconArrowRight, IconPhotoPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import lift from '../../components/LiftCard.module.css';
import { lazyPart, preloadOn } from '../../components/lazyPart.ts';
import { OverlayLoader } from '../../components/OverlayLoader.tsx';
import { PanelHeader } from '../../components/PanelHeader.tsx';
import { useLatestFiles } from '../files/api.ts';
import { FileThumb } from '../files/FileThumb.tsx';
import { filesPaths } from '../files/paths.ts';
import { downloadFile } from '../files/viewers/download.ts';
import { isPreviewable } from '../files/viewers/format.ts';
import classes from './RecentFilesPanel.module.css';

const t = filesTexts.dashboard;
const cols = { base: 2, xs: 3, md: 4, lg: 6 };

/**
 * The files screens' overlays — the lightbox with its viewers (3D model, PDF, note…) — loaded on
 * the first preview (or a tile's hover or focus) rather than with the dashboard.
 */
const FileOverlays = lazyPart(() => import('../files/FileOverlays.tsx'), 'FileOverlayViews');

/**
 * The dashboard's recent files (part2 §2, §7): the twelve newest non-folder files of the team
 * and of the user, flat; a click opens the preview.
 */
export function RecentFilesPanel({ teamId }: { teamId: string }) {
  const files = useLatestFiles(teamId, fileLimits.dashboardPageSize);
  // The file previewed; `undefined` until the first preview, then kept mounted (null: closed)
  // so the lightbox opens and closes with its transition.
  const [previewed, setPreviewed] = useState<FileItem | null>();

  return (
    <section aria-labelledby="recent-files-heading">
      <PanelHeader id="recent-files-heading" title={t.title} subtitle={t.subtitle}>
        <Button
          component={Link}
          to={filesPaths.recent}
          variant="subtle"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t.viewAll}
        </Button>
      </PanelHeader>

      {files.isPending ? (
        <SimpleGrid cols={cols} spacing="md" role="status" aria-label={t.loading}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Card key={i} padding={0}>
              <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
              <Skeleton height={12} width="70%" m="sm" />
            </Card>
          ))}
        </SimpleGrid>
      ) : files.isError ? (
        <Card>
          <Group gap="sm">
            <IconAlertTriangle size={18} aria-hidden className={classes.error} />
            <Text size="sm">{t.failed}</Text>
            <Button size="xs" variant="light" onClick={() => void files.refetch()}>
              {t.retry}
            </Button>
          </Group>
        </Card>
      ) : files.data.results.length === 0 ? (
        <Card>
          <Stack align="center" gap={6} p="md">
            <ThemeIcon size={44} radius="xl" variant="light">
              <IconPhotoPlus size={22} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t.emptyTitle}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t.emptyText}
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={cols} spacing="md">
          {files.data.results.map((file) => (
            <RecentTile key={file.fileId} file={file} onPreview={setPreviewed} />
          ))}
        </SimpleGrid>
      )}

      {previewed !== undefined && (
        <Suspense fallback={<OverlayLoader />}>
          <FileOverlays
            overlay={previewed && { kind: 'preview', file: previewed }}
            teamId={teamId}
            onClose={() => setPreviewed(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

function RecentTile({ file, onPreview }: { file: FileItem; onPreview: (file: FileItem) => void }) {
  const previewable = isPreviewable(file);
  const open = () => {
    if (previewable) onPreview(file);
    else void downloadFile(file).catch((e: unknown) => showError(serverMessage(e)));
  };
  return (
    <UnstyledButton
      className={lift.link}
      onClick={open}
      {...(previewable ? preloadOn(FileOverlays.preload) : {})}
      aria-label={filesTexts.card.open(file.name)}
      aria-haspopup={previewable ? 'dialog' : undefined}
    >
      <Card padding={0} className={lift.card}>
        <FileThumb file={file} />
        <Text size="sm" fw={600} truncate="end" px="sm" py={8} title={file.name}>
          {file.name}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

import { ActionIcon, Box, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { type FileItem, fileLimits, fileMessages, fileViewerTexts } from '@roomscale/shared';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { serverMessage } from '../../../api/errors.ts';
import { showError } from '../../../components/dialogs.tsx';
import { fileKeys } from '../api.ts';
import { fetchDownload } from '../notes/noteApi.ts';
import { downloadFile } from './download.ts';
import { isGltfModel, isPdf, type PlaybackState, playbackState } from './format.ts';
import { ModelViewer } from './ModelViewer.tsx';
import { saveModelThumbnail } from './modelThumbnail.ts';
import { NotePreview } from './NotePreview.tsx';
import { PdfViewer } from './PdfViewer.tsx';

const t = fileViewerTexts;

/** While a video is processing the lightbox asks again this often, and plays once it is ready. */

export type FilePreviewProps = {
  /** The file shown; null keeps the lightbox closed. */
  file: FileItem | null;
  teamId: string;
  onClose: () => void;
};

/**
 * The full-screen lightbox (part2 §2 File modals and overlays): a close button, Escape closes,
 * focus stays inside; a download button for everything but notes. Content by type: image,
 * note (drawn at 2048×2048), 3D model, video, audio, PDF.
 */
export function FilePreview({ file, teamId, onClose }: FilePreviewProps) {
  return (
    <Modal.Root
      opened={!!file}
      onClose={onClose}
      fullScreen
      transitionProps={{ transition: 'fade', duration: 150 }}
    >
      <Modal.Overlay />
      <Modal.Content aria-label={file?.name} style={{ background: '#0d0d10', color: 'white' }}>
        <Modal.Body p={0} h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
          {file && <Lightbox key={file.fileId} file={file} teamId={teamId} onClose={onClose} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function Lightbox({
  file,
  teamId,
  onClose,
}: {
  file: FileItem;
  teamId: string;
  onClose: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(file);
    } catch (e) {
      showError(serverMessage(e));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" gap="sm">
        <Text fw={500} truncate="end" c="white" component="h2" m={0} size="lg">
          {file.name}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {file.type !== 'Note' && (
            <Tooltip label={t.download}>
              <ActionIcon
                variant="subtle"
                color="gray.0"
                size="lg"
                aria-label={t.download}
                onClick={download}
                loading={downloading}
              >
                <IconDownload size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t.close}>
            <ActionIcon
              variant="subtle"
              color="gray.0"
              size="lg"
              aria-label={t.close}
              onClick={onClose}
            >
              <IconX size={22} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box
        flex={1}
        mih={0}
        px="md"
        pb="md"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <PreviewContent file={file} teamId={teamId} />
      </Box>
    </>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" justify="center" gap="sm" maw={520} ta="center">
      {children}
    </Stack>
  );
}

/** The processing state a failed download call reports (the server's 409 texts). */
function stateOfError(error: unknown): PlaybackState | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return error.problem?.detail === fileMessages.videoFailed ? 'failed' : 'processing';
}

function PreviewContent({ file, teamId }: { file: FileItem; teamId: string }) {
  const queryClient = useQueryClient();
  const media = file.type === 'Video' || file.type === 'Audio';
  const known = media ? playbackState(file.properties) : 'ready';
  const model = file.type === 'Model3D';
  const supportedModel = !model || isGltfModel(file);
  const needsDownload = file.type !== 'Note' && known !== 'failed' && supportedModel;

  const info = useQuery({
    queryKey: ['fileDownload', file.fileId],
    queryFn: ({ signal }) => fetchDownload(file.fileId, signal),
    enabled: needsDownload,
    // Signed addresses are short-lived: ask again each time the lightbox opens.
    gcTime: 0,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) =>
      stateOfError(q.state.error) === 'processing' ? fileLimits.processingPreviewRefreshMs : false,
  });

  if (file.type === 'Note') {
    return <NotePreview fileId={file.fileId} version={file.lastModified} name={file.name} />;
  }
  if (model && !supportedModel) {
    return (
      <Centered>
        <Text fw={500}>{t.modelUnsupported}</Text>
        <Text size="sm" c="gray.4">
          {t.modelConvertAdvice}
        </Text>
      </Centered>
    );
  }

  const state = media ? (info.data ? 'ready' : (stateOfError(info.error) ?? known)) : 'ready';
  if (state === 'processing') {
    return (
      <Centered>
        <Loader color="gray.0" aria-hidden />
        <Text fw={500}>{t.processingVideo}</Text>
        <Text size="sm" c="gray.4">
          {fileMessages.videoProcessing}
        </Text>
      </Centered>
    );
  }
  if (state === 'failed') {
    return (
      <Centered>
        <Text fw={500}>{t.processingFailed}</Text>
        <Text size="sm" c="gray.4">
          {fileMessages.videoFailed}
        </Text>
      </Centered>
    );
  }
  if (info.isError) {
    return (
      <Centered>
        <Text>{serverMessage(info.error)}</Text>
      </Centered>
    );
  }
  if (!info.data) return <Loader color="gray.0" aria-label={file.name} />;

  const src = info.data.blobUri;
  const poster = info.data.thumbnailUri ?? undefined;
  const fill = { maxWidth: '100%', maxHeight: '100%' } as const;
  switch (file.type) {
    case 'Image':
      return <img src={src} alt={file.name} style={{ ...fill, objectFit: 'contain' }} />;
    case 'Video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks.
        <video controls autoPlay poster={poster} style={fill} aria-label={file.name}>
          <source src={src} type={info.data.mimeType ?? undefined} />
        </video>
      );
    case 'Audio':
      return (
        <Stack align="center" gap="lg" w="min(640px, 100%)">
          {poster && <img src={poster} alt="" style={{ maxWidth: '100%', maxHeight: '50vh' }} />}
          {/* biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks. */}
          <audio controls autoPlay style={{ width: '100%' }} aria-label={file.name}>
            <source src={src} type={info.data.mimeType ?? undefined} />
          </audio>
        </Stack>
      );
    case 'Model3D':
      return (
        <Box w="100%" h="100%">
          <ModelViewer
            src={src}
            poster={poster}
            alt={file.name}
            onSnapshot={
              file.thumbnailBlobUri
                ? undefined
                : (snapshot) =>
                    void saveModelThumbnail(teamId, file.fileId, snapshot).then((saved) => {
                      if (!saved) return;
                      queryClient.invalidateQueries({ queryKey: fileKeys.all(teamId) });
                      queryClient.invalidateQueries({ queryKey: fileKeys.recentAll(teamId) });
                    })
            }
          />
        </Box>
      );
    case 'Document':
      if (isPdf(file)) return <PdfViewer src={src} title={file.name} />;
      return (
        <Centered>
          <Text>{t.noPreview}</Text>
        </Centered>
      );
    default:
      return (
        <Centered>
          <Text>{t.noPreview}</Text>
        </Centered>
      );
  }
}

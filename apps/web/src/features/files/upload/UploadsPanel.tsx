import { ActionIcon, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { uploadMessages } from '@roomscale/shared';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import classes from './UploadsPanel.module.css';
import type { UploadEntry, UploadQueue } from './uploadQueue.ts';
import { bindQueryClient, uploadQueue } from './uploads.ts';
import { useUploads } from './useUploads.ts';

const t = uploadMessages;

/**
 * The uploads panel (part2 §4 Upload flow): one row per queued file with its state, a progress
 * bar and pause / resume / cancel buttons. Mount it once in the files layout; it shows only
 * while something is queued.
 */
export function UploadsPanel({ queue = uploadQueue }: { queue?: UploadQueue }) {
  const client = useQueryClient();
  useEffect(() => bindQueryClient(client), [client]);
  const { entries, pause, resume, cancel } = useUploads(queue);
  if (entries.length === 0) return null;
  return (
    <Paper
      component="section"
      aria-label={t.panelTitle}
      className={classes.panel}
      shadow="lg"
      withBorder
      p="sm"
    >
      <Text fw={600} size="sm" mb="xs">
        {t.panelTitle} ({entries.length})
      </Text>
      <Stack gap="sm" component="ul" className={classes.list}>
        {entries.map((entry) => (
          <UploadRow
            key={entry.key}
            entry={entry}
            onPause={() => pause(entry.key)}
            onResume={() => resume(entry.key)}
            onCancel={() => cancel(entry.key)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function stateText(entry: UploadEntry) {
  const label = t.states[entry.state];
  if (entry.state === 'Uploading' || entry.state === 'Paused') {
    return `${label} ${Math.floor(entry.progress * 100)}%`;
  }
  return label;
}

function UploadRow({
  entry,
  onPause,
  onResume,
  onCancel,
}: {
  entry: UploadEntry;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const percent = Math.floor(entry.progress * 100);
  const busy = entry.state === 'Preparing' || entry.state === 'Processing';
  return (
    <li className={classes.row} data-testid="upload-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} className={classes.text}>
          <Text size="sm" truncate="end" title={entry.name}>
            {entry.name}
          </Text>
          <Text size="xs" c="dimmed" aria-live="polite">
            {stateText(entry)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {entry.state === 'Uploading' && (
            <Tooltip label={t.pause(entry.name)} withinPortal>
              <ActionIcon variant="subtle" aria-label={t.pause(entry.name)} onClick={onPause}>
                <IconPlayerPause size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {entry.state === 'Paused' && (
            <Tooltip label={t.resume(entry.name)} withinPortal>
              <ActionIcon variant="subtle" aria-label={t.resume(entry.name)} onClick={onResume}>
                <IconPlayerPlay size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t.cancel(entry.name)} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t.cancel(entry.name)}
              onClick={onCancel}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Progress
        mt={6}
        size="sm"
        value={busy ? 100 : percent}
        striped={busy}
        animated={busy}
        // Waiting and paused rows are grey; a striped bar means work without a percentage.
        color={entry.state === 'Paused' || entry.state === 'Preparing' ? 'gray' : undefined}
        aria-label={`${entry.name}: ${stateText(entry)}`}
      />
    </li>
  );
}

import { Loader, Stack, Text } from '@mantine/core';
import { type FileItem, filesTexts } from '@roomscale/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { mediaStatusOf, useThumbnailUri } from './api.ts';
import classes from './FileCard.module.css';
import { fileTypeIcons } from './fileTypeIcon.ts';

/**
 * A file's picture: its thumbnail, or its type's icon; a video being processed shows
 * 'Processing video' with a spinner, a failed one 'Processing failed'.
 */
export function FileThumb({ file }: { file: FileItem }) {
  const uri = useThumbnailUri(file);
  const { icon: Icon, color } = fileTypeIcons[file.type];
  const processing = mediaStatusOf(file);
  return (
    <div
      className={classes.thumb}
      data-type={file.type}
      style={{ '--thumb-tint': `var(--mantine-color-${color}-light)` } as CSSProperties}
    >
      {uri ? (
        <img src={uri} alt="" loading="lazy" className={classes.image} draggable={false} />
      ) : (
        <Icon
          size={44}
          stroke={1.4}
          aria-hidden
          style={{ color: `var(--mantine-color-${color}-6)` }}
        />
      )}
      {processing && (
        <Stack
          className={classes.processing}
          gap={6}
          align="center"
          justify="center"
          data-state={processing}
        >
          {processing === 'running' ? (
            <Loader size="sm" color="white" />
          ) : (
            <IconAlertTriangle size={22} aria-hidden />
          )}
          <Text size="xs" fw={600}>
            {processing === 'running'
              ? filesTexts.card.processing
              : filesTexts.card.processingFailed}
          </Text>
        </Stack>
      )}
    </div>
  );
}

import { Loader, Stack, Text } from '@mantine/core';
import { type FileItem, filesTexts, security } from '@roomscale/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { mediaStatusOf } from './api.ts';
import classes from './FileCard.module.css';
import { fileTypeIcons } from './fileTypeIcon.ts';

/** How long a card keeps the first signed address of a thumbnail: half its lifetime. */
const keepMs = (security.downloadUrlSeconds * 1000) / 2;
const kept = new Map<string, { uri: string; until: number }>();

/**
 * Every list answer signs its thumbnails afresh. A card keeps the address it first got for the
 * same thumbnail while that one has long to live, so a refreshed list (every 5 s while a video
 * is processing, after every change) does not download every picture again.
 */
export function keptThumbnailUri(
  file: Pick<FileItem, 'thumbnailBlobUri' | 'thumbnailUri'>,
  now = Date.now(),
): string | null {
  const { thumbnailBlobUri: blob, thumbnailUri: uri } = file;
  if (!blob || !uri) return uri;
  const known = kept.get(blob);
  if (known && known.until > now) return known.uri;
  if (kept.size >= 1000) {
    for (const [k, v] of kept) if (v.until <= now) kept.delete(k);
  }
  kept.set(blob, { uri, until: now + keepMs });
  return uri;
}

/**
 * A file's picture: its thumbnail (signed in the list answer), or its type's icon, also when the
 * picture does not load; a video being processed shows 'Processing video' with a spinner, a
 * failed one 'Processing failed'.
 */
export function FileThumb({ file }: { file: FileItem }) {
  const [failed, setFailed] = useState<string | null>(null);
  const signed = keptThumbnailUri(file);
  const uri = signed !== failed ? signed : null;
  const { icon: Icon, color } = fileTypeIcons[file.type];
  const processing = mediaStatusOf(file);
  return (
    <div
      className={classes.thumb}
      data-type={file.type}
      style={{ '--thumb-tint': `var(--mantine-color-${color}-light)` } as CSSProperties}
    >
      {uri ? (
        <img
          src={uri}
          alt=""
          loading="lazy"
          className={classes.image}
          draggable={false}
          onError={() => setFailed(uri)}
        />
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

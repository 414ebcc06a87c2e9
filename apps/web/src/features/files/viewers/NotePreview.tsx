import { Loader, Text } from '@mantine/core';
import { fileViewerTexts, noteLimits } from '@roomscale/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchNote } from '../notes/noteApi.ts';
import { noteImageUrl } from '../notes/noteCanvas.ts';
import type { NoteContent } from '../notes/noteRules.ts';

/** A note in the lightbox: its content drawn as a 2048×2048 image (part2 §2, §9). */
export function NotePreview({
  fileId,
  version,
  name,
}: {
  fileId: string;
  version: string | null;
  name: string;
}) {
  const note = useQuery({
    queryKey: ['noteContent', fileId, version],
    queryFn: ({ signal }) => fetchNote(fileId, signal),
    gcTime: 0,
  });
  if (note.isPending) return <Loader color="gray" aria-label={name} />;
  if (note.isError) return <Text c="gray.3">{fileViewerTexts.loadFailed}</Text>;
  return <NoteImage note={note.data} name={name} />;
}

function NoteImage({ note, name }: { note: NoteContent; name: string }) {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    noteImageUrl(note, noteLimits.previewSize).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else if (u) URL.revokeObjectURL(u);
      },
      () => live && setUrl(null),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [note]);
  if (url === undefined) return <Loader color="gray" aria-label={name} />;
  if (url === null) {
    // No canvas: the text on its colour still reads.
    return (
      <div
        role="img"
        aria-label={name}
        style={{
          backgroundColor: note.backgroundColor,
          width: 'min(80vh, 90vw)',
          aspectRatio: '1',
          padding: '6%',
          whiteSpace: 'pre-wrap',
          fontSize: 'min(5vh, 5vw)',
          color: '#1a1b1e',
        }}
      >
        {note.text}
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={note.text || name}
      width={noteLimits.previewSize}
      height={noteLimits.previewSize}
      style={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto' }}
    />
  );
}

import type { FileItem } from '@roomscale/shared';
import { createContext, type ReactNode, use, useMemo, useState } from 'react';
import type { LibraryScope } from './api.ts';
import { EditFileModal, FileDetailsModal, FilePreview, NoteEditorModal } from './collaborators.tsx';
import { MoveToModal } from './MoveToModal.tsx';

type NewNote = { scope: LibraryScope; parentFileId: string | null };

export type Overlay =
  | { kind: 'preview' | 'details' | 'edit' | 'move'; file: FileItem }
  | { kind: 'note'; file: FileItem | null; where: NewNote };

export type FileOverlayActions = {
  preview: (file: FileItem) => void;
  details: (file: FileItem) => void;
  edit: (file: FileItem) => void;
  /** 'Move to…': choose a folder or a scope's top level. */
  move: (file: FileItem) => void;
  /** Opens a note in the editor, or a new note at `where`. */
  note: (file: FileItem | null, where?: NewNote) => void;
};

const OverlaysContext = createContext<FileOverlayActions | null>(null);

export function useFileOverlays() {
  const actions = use(OverlaysContext);
  if (!actions) throw new Error('useFileOverlays needs a <FileOverlaysProvider>');
  return actions;
}

const asScope = (scope: FileItem['scope']): LibraryScope =>
  scope === 'User' ? 'User' : 'Organization';

/** The preview, details, edit, 'Move to…' and note editor overlays of the files screens (part2 §2). */
export function FileOverlaysProvider({
  teamId,
  children,
}: {
  teamId: string;
  children: ReactNode;
}) {
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const actions = useMemo<FileOverlayActions>(
    () => ({
      preview: (file) => setOverlay({ kind: 'preview', file }),
      details: (file) => setOverlay({ kind: 'details', file }),
      edit: (file) => setOverlay({ kind: 'edit', file }),
      move: (file) => setOverlay({ kind: 'move', file }),
      note: (file, where) =>
        setOverlay({
          kind: 'note',
          file,
          where: where ?? {
            scope: asScope(file?.scope ?? 'Organization'),
            parentFileId: file?.parentFileId ?? null,
          },
        }),
    }),
    [],
  );
  return (
    <OverlaysContext value={actions}>
      {children}
      <FileOverlayViews overlay={overlay} teamId={teamId} onClose={() => setOverlay(null)} />
    </OverlaysContext>
  );
}

/**
 * The overlays themselves, `overlay` open (none: all closed). Kept mounted, closed while their
 * file is null, so they open and close with a transition. The dashboard shows its previews with
 * these alone, loaded on demand.
 */
export function FileOverlayViews({
  overlay,
  teamId,
  onClose: close,
}: {
  overlay: Overlay | null;
  teamId: string;
  onClose: () => void;
}) {
  const fileOf = (kind: Overlay['kind']) => (overlay?.kind === kind ? overlay.file : null);
  const note = overlay?.kind === 'note' ? overlay : null;

  return (
    <>
      <FilePreview file={fileOf('preview')} teamId={teamId} onClose={close} />
      <FileDetailsModal file={fileOf('details')} onClose={close} />
      <EditFileModal file={fileOf('edit')} teamId={teamId} onClose={close} />
      <MoveToModal file={fileOf('move')} teamId={teamId} onClose={close} />
      <NoteEditorModal
        opened={note !== null}
        onClose={close}
        teamId={teamId}
        scope={note?.where.scope ?? 'Organization'}
        parentFileId={note?.where.parentFileId ?? null}
        file={note?.file ?? null}
      />
    </>
  );
}

import type { FileSortChoice } from '@roomscale/shared';
import { createContext, use, useEffect } from 'react';
import type { LibraryTarget } from './api.ts';
import type { DraggedFile, DropDestination } from './dnd.ts';

/** What the files layout shares with its views. */
export type FilesContextValue = {
  teamId: string;
  /** The library view on screen (where 'New' adds items); null on the other views. */
  target: LibraryTarget | null;
  setTarget: (target: LibraryTarget | null) => void;
  /** The library's sort order; kept while moving between folders. */
  sort: FileSortChoice;
  setSort: (sort: FileSortChoice) => void;
  /** The item whose action menu is open: opening one menu closes the others. */
  openMenu: string | null;
  setOpenMenu: (fileId: string | null) => void;
  /** The item a single click selected (shown as selected; Enter or a double click opens it). */
  selected: string | null;
  setSelected: (fileId: string | null) => void;
  /** Moves a dropped item, with the toasts of part2 §8. */
  moveItem: (item: DraggedFile, dest: DropDestination) => void;
};

export const FilesContext = createContext<FilesContextValue | null>(null);

export function useFilesContext() {
  const value = use(FilesContext);
  if (!value) throw new Error('useFilesContext needs the files layout');
  return value;
}

/** A library view announces where 'New' puts items while it is on screen. */
export function useLibraryTarget(target: LibraryTarget | null) {
  const { setTarget } = useFilesContext();
  const teamId = target?.teamId;
  const scope = target?.scope;
  const parent = target?.parentFileId;
  useEffect(() => {
    setTarget(teamId && scope ? { teamId, scope, parentFileId: parent ?? null } : null);
    return () => setTarget(null);
  }, [setTarget, teamId, scope, parent]);
}

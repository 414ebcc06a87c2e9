import type { FileItem } from '@roomscale/shared';
import { type DragEvent, useRef, useState } from 'react';
import type { LibraryScope } from './api.ts';

/** What a drag carries: enough to move the item and to name it in the toast. */
export type DraggedFile = Pick<FileItem, 'fileId' | 'name' | 'scope' | 'parentFileId'>;

/** Where a drop moves an item: a folder, or the top level of a scope (`folderId` null). */
export type DropDestination = { folderId: string | null; scope: LibraryScope };

const MIME = 'application/x-roomscale-file';

/** The item being dragged in this page (dragover cannot read the data, only its types). */
let dragging: DraggedFile | null = null;

/** Props that make a card draggable (HTML5 drag and drop). */
export function draggableFile(file: DraggedFile) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      const data: DraggedFile = {
        fileId: file.fileId,
        name: file.name,
        scope: file.scope,
        parentFileId: file.parentFileId,
      };
      dragging = data;
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData(MIME, JSON.stringify(data));
      e.dataTransfer.setData('text/plain', file.name);
    },
    onDragEnd: () => {
      dragging = null;
    },
  };
}

function readDragged(e: DragEvent): DraggedFile | null {
  const raw = e.dataTransfer?.getData(MIME);
  if (raw) {
    try {
      return JSON.parse(raw) as DraggedFile;
    } catch {
      return dragging;
    }
  }
  return dragging;
}

const carriesFile = (e: DragEvent) =>
  dragging !== null || Array.from(e.dataTransfer?.types ?? []).includes(MIME);

/** A drop on the item itself, or where it already is, changes nothing. */
export const isNoOpMove = (item: DraggedFile, dest: DropDestination) =>
  item.fileId === dest.folderId ||
  (item.parentFileId === dest.folderId && item.scope === dest.scope);

/**
 * Makes an element a drop target for dragged files: `active` while one hovers over it (for the
 * highlight), `onDropFile` with the item when one is dropped. Nested elements do not flicker the
 * highlight (enter/leave are counted).
 */
export function useDropTarget(
  dest: DropDestination,
  onDropFile: (item: DraggedFile, dest: DropDestination) => void,
) {
  const [active, setActive] = useState(false);
  const depth = useRef(0);
  const accepts = (e: DragEvent) => {
    if (!carriesFile(e)) return false;
    return !(dragging && dragging.fileId === dest.folderId);
  };
  const props = {
    onDragEnter: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      depth.current += 1;
      setActive(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    },
    onDrop: (e: DragEvent) => {
      depth.current = 0;
      setActive(false);
      const item = readDragged(e);
      dragging = null;
      if (!item) return;
      e.preventDefault();
      e.stopPropagation();
      if (isNoOpMove(item, dest)) return;
      onDropFile(item, dest);
    },
  };
  return { active, props };
}

import { Group, Text, UnstyledButton } from '@mantine/core';
import { type FileItem, filesTexts } from '@roomscale/shared';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { draggableFile, useDropTarget } from './dnd.ts';
import classes from './FileCard.module.css';
import { FileContextMenu, FileMenu } from './FileMenu.tsx';
import { useFilesContext } from './FilesContext.tsx';
import { FileThumb } from './FileThumb.tsx';
import { fileTypeIcons } from './fileTypeIcon.ts';
import { shortDate } from './format.ts';
import { libraryScopeOf } from './paths.ts';
import type { useFileActions } from './useFileActions.ts';

type Props = { file: FileItem; actions: ReturnType<typeof useFileActions> };

/**
 * One item of the library: draggable; a folder is also a drop target. A click selects it (as in
 * a desktop file manager), a double click or Enter opens it, and a tap on a touch screen opens it
 * at once (as phone file apps do); Escape clears the selection. The '⋯' button opens its menu
 * there, a right-click (or a touch long-press) at the pointer.
 */
export function FileCard({ file, actions }: Props) {
  const { openMenu, setOpenMenu, selected, setSelected, moveItem } = useFilesContext();
  const isSelected = selected === file.fileId;
  const folder = file.type === 'Folder';
  const drop = useDropTarget({ folderId: file.fileId, scope: libraryScopeOf(file) }, moveItem);

  // One menu, shown at the '⋯' button or (after a right-click) at the pointer.
  const [atPointer, setAtPointer] = useState(false);
  const menuOpen = openMenu === file.fileId;
  const setMenu = (opened: boolean) => setOpenMenu(opened ? file.fileId : null);

  const onContextMenu = (e: MouseEvent) => {
    if (e.clientX === 0 && e.clientY === 0) {
      // The keyboard's menu key (or Shift+F10) has no pointer: open at the '⋯' button.
      e.preventDefault();
      setAtPointer(false);
      setMenu(true);
      return;
    }
    // FileContextMenu opens the menu where the pointer is.
    setAtPointer(true);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.open(file);
    } else if (e.key === 'Escape' && isSelected) {
      setSelected(null);
    }
  };
  const onClick = (e: MouseEvent) => {
    if ((e.nativeEvent as PointerEvent).pointerType === 'touch') actions.open(file);
    else setSelected(file.fileId);
  };
  const main = {
    className: classes.main,
    onClick,
    onDoubleClick: () => actions.open(file),
    'aria-pressed': isSelected,
    onKeyDown,
    'aria-label': filesTexts.card.open(file.name),
  };

  return (
    <FileContextMenu
      file={file}
      opened={menuOpen && atPointer}
      onChange={setMenu}
      actions={actions}
    >
      <div
        role="group"
        aria-label={file.name}
        className={classes.card}
        data-kind={folder ? 'folder' : 'file'}
        data-drop-active={(folder && drop.active) || undefined}
        data-menu-open={openMenu === file.fileId || undefined}
        data-selected={isSelected || undefined}
        onContextMenu={onContextMenu}
        {...draggableFile(file)}
        {...(folder ? drop.props : {})}
      >
        {folder ? (
          <UnstyledButton {...main}>
            <Group gap="sm" wrap="nowrap" className={classes.folderRow}>
              <FolderIcon />
              <div className={classes.text}>
                <Text fw={600} size="sm" truncate="end" title={file.name}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {filesTexts.card.items(file.childFileCount)}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        ) : (
          <UnstyledButton {...main}>
            <FileThumb file={file} />
            <div className={classes.caption}>
              <Text fw={600} size="sm" truncate="end" title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {filesTexts.typeLabels[file.type]} · {shortDate(file.lastModified ?? file.created)}
              </Text>
            </div>
          </UnstyledButton>
        )}
        <div className={classes.menuButton}>
          <FileMenu
            file={file}
            opened={menuOpen && !atPointer}
            onChange={(opened) => {
              if (opened) setAtPointer(false);
              setMenu(opened);
            }}
            actions={actions}
          />
        </div>
      </div>
    </FileContextMenu>
  );
}

function FolderIcon() {
  const { icon: Icon } = fileTypeIcons.Folder;
  return (
    <span className={classes.folderIcon}>
      <Icon size={22} aria-hidden />
    </span>
  );
}

import { Group, Text, UnstyledButton } from '@mantine/core';
import { type FileItem, filesTexts } from '@roomscale/shared';
import type { KeyboardEvent, MouseEvent } from 'react';
import { draggableFile, useDropTarget } from './dnd.ts';
import classes from './FileCard.module.css';
import { FileMenu } from './FileMenu.tsx';
import { useFilesContext } from './FilesContext.tsx';
import { FileThumb } from './FileThumb.tsx';
import { fileTypeIcons } from './fileTypeIcon.ts';
import { shortDate } from './format.ts';
import { libraryScopeOf, type useFileActions } from './useFileActions.ts';

type Props = { file: FileItem; actions: ReturnType<typeof useFileActions> };

/**
 * One item of the library: draggable; a folder is also a drop target. Double-click or Enter
 * opens it; a right-click or the '⋯' button opens its menu.
 */
export function FileCard({ file, actions }: Props) {
  const { openMenu, setOpenMenu, moveItem } = useFilesContext();
  const folder = file.type === 'Folder';
  const drop = useDropTarget({ folderId: file.fileId, scope: libraryScopeOf(file) }, moveItem);

  const onContextMenu = (e: MouseEvent) => {
    e.preventDefault();
    setOpenMenu(file.fileId);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.open(file);
    }
  };
  const main = {
    className: classes.main,
    onDoubleClick: () => actions.open(file),
    onKeyDown,
    'aria-label': filesTexts.card.open(file.name),
  };

  return (
    <div
      role="group"
      aria-label={file.name}
      className={classes.card}
      data-kind={folder ? 'folder' : 'file'}
      data-drop-active={(folder && drop.active) || undefined}
      data-menu-open={openMenu === file.fileId || undefined}
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
          opened={openMenu === file.fileId}
          onChange={(o) => setOpenMenu(o ? file.fileId : null)}
          actions={actions}
        />
      </div>
    </div>
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

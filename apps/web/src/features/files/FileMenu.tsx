import { ActionIcon, Menu } from '@mantine/core';
import { type FileItem, filesTexts } from '@roomscale/shared';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconFolderOpen,
  IconFolderSymlink,
  IconInfoCircle,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { isPreviewable } from './collaborators.tsx';
import type { useFileActions } from './useFileActions.ts';

const t = filesTexts.actions;
const icon = { size: 16, 'aria-hidden': true } as const;

type MenuProps = {
  file: FileItem;
  opened: boolean;
  onChange: (opened: boolean) => void;
  actions: ReturnType<typeof useFileActions>;
};

const menuLook = { shadow: 'md', width: 180, withinPortal: true } as const;

/**
 * A card's action menu at its '⋯' button (part2 §2): a file offers Preview (when previewable),
 * Download (not for notes), Details, Edit, Delete; a folder Open, Details, Edit, Delete. Both
 * also offer 'Move to…', moving without drag and drop.
 */
export function FileMenu({ file, opened, onChange, actions }: MenuProps) {
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" {...menuLook}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          radius="xl"
          aria-label={filesTexts.card.actions(file.name)}
          onDoubleClick={(e) => e.stopPropagation()}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <FileMenuDropdown file={file} actions={actions} />
    </Menu>
  );
}

/**
 * The same menu opened by a right-click on `children` (the card), at the pointer; a touch
 * long-press opens it too. The card must not cancel the `contextmenu` event itself.
 */
export function FileContextMenu({ children, ...props }: MenuProps & { children: ReactElement }) {
  const { file, opened, onChange, actions } = props;
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-start" {...menuLook}>
      <Menu.ContextMenu>{children}</Menu.ContextMenu>
      <FileMenuDropdown file={file} actions={actions} />
    </Menu>
  );
}

function FileMenuDropdown({ file, actions }: Pick<MenuProps, 'file' | 'actions'>) {
  const folder = file.type === 'Folder';
  return (
    <Menu.Dropdown aria-label={filesTexts.card.actions(file.name)}>
      {folder ? (
        <Menu.Item
          leftSection={<IconFolderOpen {...icon} />}
          onClick={() => actions.openFolder(file)}
        >
          {t.open}
        </Menu.Item>
      ) : (
        <>
          {isPreviewable(file) && (
            <Menu.Item leftSection={<IconEye {...icon} />} onClick={() => actions.preview(file)}>
              {t.preview}
            </Menu.Item>
          )}
          {file.type !== 'Note' && (
            <Menu.Item
              leftSection={<IconDownload {...icon} />}
              onClick={() => actions.download(file)}
            >
              {t.download}
            </Menu.Item>
          )}
        </>
      )}
      <Menu.Item leftSection={<IconInfoCircle {...icon} />} onClick={() => actions.details(file)}>
        {t.details}
      </Menu.Item>
      <Menu.Item leftSection={<IconPencil {...icon} />} onClick={() => actions.edit(file)}>
        {t.edit}
      </Menu.Item>
      <Menu.Item leftSection={<IconFolderSymlink {...icon} />} onClick={() => actions.moveTo(file)}>
        {t.moveTo}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconTrash {...icon} />}
        onClick={() => void actions.confirmDelete(file)}
      >
        {t.delete}
      </Menu.Item>
    </Menu.Dropdown>
  );
}

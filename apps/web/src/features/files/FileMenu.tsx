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
import { isPreviewable } from './collaborators.tsx';
import type { useFileActions } from './useFileActions.ts';

const t = filesTexts.actions;
const icon = { size: 16, 'aria-hidden': true } as const;

/**
 * A card's action menu, opened by its '⋯' button or a right-click on the card (part2 §2): a
 * file offers Preview (when previewable), Download (not for notes), Details, Edit, Delete; a
 * folder Open, Details, Edit, Delete. Both also offer 'Move to…', moving without drag and drop.
 */
export function FileMenu({
  file,
  opened,
  onChange,
  actions,
}: {
  file: FileItem;
  opened: boolean;
  onChange: (opened: boolean) => void;
  actions: ReturnType<typeof useFileActions>;
}) {
  const folder = file.type === 'Folder';
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      shadow="md"
      width={180}
      withinPortal
    >
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
      <Menu.Dropdown>
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
        <Menu.Item
          leftSection={<IconFolderSymlink {...icon} />}
          onClick={() => actions.moveTo(file)}
        >
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
    </Menu>
  );
}

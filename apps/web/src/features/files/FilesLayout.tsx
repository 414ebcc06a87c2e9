import { Button, Menu, NavLink, Tooltip } from '@mantine/core';
import { type FileSortChoice, filesTexts } from '@roomscale/shared';
import {
  IconChevronDown,
  IconClock,
  IconDeviceVisionPro,
  IconFileUpload,
  IconFolder,
  IconFolderPlus,
  IconFolderShare,
  IconNote,
  IconPlus,
} from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/session.ts';
import { isActivePath } from '../shell/navItems.ts';
import type { LibraryScope, LibraryTarget } from './api.ts';
import { enqueueUploads, UploadsPanel, uploadAccept } from './collaborators.tsx';
import { useDropTarget } from './dnd.ts';
import { FileOverlaysProvider, useFileOverlays } from './FileOverlays.tsx';
import { FilesContext, type FilesContextValue, useFilesContext } from './FilesContext.tsx';
import classes from './FilesLayout.module.css';
import { useMoveAction } from './moveAction.ts';
import { NewFolderModal } from './NewFolderModal.tsx';
import { filesPaths, libraryPath } from './paths.ts';

const t = filesTexts;

/** The files area (part2 §2): the left menu with 'New', the current view, the uploads panel. */
export function FilesLayout() {
  const { team } = useSession();
  if (!team) return null;
  return (
    <FileOverlaysProvider teamId={team.id}>
      <Layout teamId={team.id} />
    </FileOverlaysProvider>
  );
}

function Layout({ teamId }: { teamId: string }) {
  const [target, setTarget] = useState<LibraryTarget | null>(null);
  const [sort, setSort] = useState<FileSortChoice>('NameAscending');
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const moveItem = useMoveAction(teamId);
  const moveRef = useRef(moveItem);
  moveRef.current = moveItem;

  const context = useMemo<FilesContextValue>(
    () => ({
      teamId,
      target,
      setTarget,
      sort,
      setSort,
      openMenu,
      setOpenMenu,
      selected,
      setSelected,
      moveItem: (item, dest) => moveRef.current(item, dest),
    }),
    [teamId, target, sort, openMenu, selected],
  );

  return (
    <FilesContext value={context}>
      <div className={classes.layout}>
        <aside className={classes.side}>
          <NewMenu target={target} />
          <nav aria-label={t.menu.label} className={classes.menu}>
            <MenuEntry
              to={filesPaths.recent}
              icon={<IconClock size={18} aria-hidden />}
              label={t.menu.recent}
            />
            <MenuEntry
              to={filesPaths.recentNotes}
              icon={<IconDeviceVisionPro size={18} aria-hidden />}
              label={t.menu.recentNotes}
            />
            <ScopeEntry
              scope="User"
              icon={<IconFolder size={18} aria-hidden />}
              label={t.menu.personal}
            />
            <ScopeEntry
              scope="Organization"
              icon={<IconFolderShare size={18} aria-hidden />}
              label={t.menu.team}
            />
          </nav>
        </aside>
        <div className={classes.content}>
          <Outlet />
        </div>
      </div>
      <UploadsPanel />
    </FilesContext>
  );
}

function MenuEntry({
  to,
  icon,
  label,
  ...rest
}: {
  to: string;
  icon: ReactNode;
  label: string;
  className?: string;
  'data-drop-active'?: true;
}) {
  const { pathname } = useLocation();
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={isActivePath(pathname, to)}
      className={classes.entry}
      {...rest}
    />
  );
}

/** Personal files / Team files: a link, and a drop target for the scope's top level. */
function ScopeEntry({
  scope,
  icon,
  label,
}: {
  scope: LibraryScope;
  icon: ReactNode;
  label: string;
}) {
  const { moveItem } = useFilesContext();
  const drop = useDropTarget({ folderId: null, scope }, moveItem);
  return (
    <div {...drop.props} className={classes.dropEntry} data-drop-active={drop.active || undefined}>
      <MenuEntry to={libraryPath(scope)} icon={icon} label={label} />
    </div>
  );
}

/**
 * 'New': Folder, File upload (several files at once), Note. Enabled only on a library view, and
 * what it makes goes into the folder on screen.
 */
function NewMenu({ target }: { target: LibraryTarget | null }) {
  const overlays = useFileOverlays();
  const [folderOpen, setFolderOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.currentTarget.files ?? []);
    e.currentTarget.value = '';
    if (target && files.length > 0) enqueueUploads(files, target);
  };

  const button = (
    <Button
      fullWidth
      leftSection={<IconPlus size={18} aria-hidden />}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      disabled={!target}
      justify="space-between"
    >
      {t.newMenu.button}
    </Button>
  );

  return (
    <>
      {target ? (
        <Menu position="bottom-start" width="target" shadow="md">
          <Menu.Target>{button}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              onClick={() => setFolderOpen(true)}
            >
              {t.newMenu.folder}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileUpload size={16} aria-hidden />}
              onClick={() => input.current?.click()}
            >
              {t.newMenu.upload}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconNote size={16} aria-hidden />}
              onClick={() =>
                overlays.note(null, { scope: target.scope, parentFileId: target.parentFileId })
              }
            >
              {t.newMenu.note}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Tooltip
          label={t.newMenu.disabledHint}
          multiline
          w={220}
          events={{ hover: true, focus: true, touch: true }}
        >
          <span className={classes.disabledWrap}>{button}</span>
        </Tooltip>
      )}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={uploadAccept}
        data-testid="upload-input"
        onChange={onFiles}
      />
      {folderOpen && target && (
        <NewFolderModal target={target} onClose={() => setFolderOpen(false)} />
      )}
    </>
  );
}

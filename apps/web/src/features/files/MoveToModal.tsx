import {
  ActionIcon,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  NavLink,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { type FileItem, filesTexts } from '@roomscale/shared';
import { IconArrowUp, IconChevronRight, IconFolder } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { type LibraryScope, useFolderChoices } from './api.ts';
import { type DropDestination, isNoOpMove } from './dnd.ts';
import classes from './MoveToModal.module.css';
import { useMoveAction } from './moveAction.ts';
import { libraryScopeOf } from './paths.ts';

const t = filesTexts.moveTo;
const scopes: LibraryScope[] = ['Organization', 'User'];

type Folder = { fileId: string; name: string };
/** Where the chooser is: a scope and the folders opened from its top level. */
type Place = { scope: LibraryScope; path: Folder[] };

/**
 * 'Move to…' (part2 §4 Moving without drag and drop): choose Team files or Personal files, open
 * folders down from the top, then 'Move here' sends the same PATCH as a drop, with its toasts.
 * The item itself cannot be opened, so neither it nor anything inside it can be chosen.
 */
export function MoveToModal({
  file,
  teamId,
  onClose,
}: {
  file: FileItem | null;
  teamId: string;
  onClose: () => void;
}) {
  // Here, not in the chooser: a move's toasts come after the chooser has closed.
  const moveItem = useMoveAction(teamId);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file ? t.title(file.name) : undefined}
      size="md"
    >
      {file && (
        <Chooser
          key={file.fileId}
          file={file}
          teamId={teamId}
          onMove={(dest) => {
            moveItem(file, dest);
            onClose();
          }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function Chooser({
  file,
  teamId,
  onMove,
  onClose,
}: {
  file: FileItem;
  teamId: string;
  onMove: (dest: DropDestination) => void;
  onClose: () => void;
}) {
  const [place, setPlace] = useState<Place>({ scope: libraryScopeOf(file), path: [] });
  const listRef = useRef<HTMLDivElement>(null);
  const current = place.path.at(-1) ?? null;
  const placeName = current?.name ?? filesTexts.scopeLabels[place.scope];
  const dest = { folderId: current?.fileId ?? null, scope: place.scope };
  const alreadyHere = isNoOpMove(file, dest);

  /** Opening a folder or going up replaces the focused control: focus goes to the list. */
  const go = (next: Place) => {
    setPlace(next);
    listRef.current?.focus();
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t.scopeLabel}
        fullWidth
        value={place.scope}
        onChange={(s) => setPlace({ scope: s as LibraryScope, path: [] })}
        data={scopes.map((s) => ({ value: s, label: filesTexts.scopeLabels[s] }))}
      />
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          aria-label={t.up}
          disabled={place.path.length === 0}
          onClick={() => go({ ...place, path: place.path.slice(0, -1) })}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <nav aria-label={t.pathLabel} className={classes.path}>
          <Breadcrumbs separatorMargin={4}>
            {[null, ...place.path].map((f, i) => {
              const name = f?.name ?? filesTexts.scopeLabels[place.scope];
              return i === place.path.length ? (
                <Text key={f?.fileId ?? 'top'} size="sm" fw={600} aria-current="location" truncate>
                  {name}
                </Text>
              ) : (
                <Anchor
                  key={f?.fileId ?? 'top'}
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => go({ ...place, path: place.path.slice(0, i) })}
                >
                  {name}
                </Anchor>
              );
            })}
          </Breadcrumbs>
        </nav>
      </Group>
      <div
        ref={listRef}
        tabIndex={-1}
        role="group"
        aria-label={t.foldersIn(placeName)}
        className={classes.list}
      >
        <FolderList
          teamId={teamId}
          file={file}
          place={place}
          onOpen={(f) => go({ ...place, path: [...place.path, f] })}
        />
      </div>
      {alreadyHere && (
        <Text size="sm" c="dimmed">
          {t.alreadyHere}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button disabled={alreadyHere} onClick={() => onMove(dest)}>
          {t.moveHere}
        </Button>
      </Group>
    </Stack>
  );
}

function FolderList({
  teamId,
  file,
  place,
  onOpen,
}: {
  teamId: string;
  file: FileItem;
  place: Place;
  onOpen: (folder: Folder) => void;
}) {
  const parent = place.path.at(-1)?.fileId ?? null;
  const query = useFolderChoices(teamId, place.scope, parent);
  if (query.isPending) {
    return (
      <Group gap="xs" p="sm">
        <Loader size="xs" />
        <Text size="sm">{t.loading}</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Group gap="xs" p="sm">
        <Text size="sm" c="red">
          {t.loadFailed}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Group>
    );
  }
  const folders = query.data.pages.flatMap((p) => p.results);
  if (folders.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t.noFolders}
      </Text>
    );
  }
  return (
    <>
      {folders.map((f) => {
        // The item itself is shown but is no button: it cannot be opened, so nothing inside it
        // can be chosen.
        return f.fileId === file.fileId ? (
          <NavLink
            key={f.fileId}
            component="div"
            label={f.name}
            description={t.itself}
            leftSection={<IconFolder size={18} aria-hidden />}
            disabled
          />
        ) : (
          <NavLink
            key={f.fileId}
            component="button"
            type="button"
            label={f.name}
            aria-label={t.openFolder(f.name)}
            leftSection={<IconFolder size={18} aria-hidden />}
            rightSection={<IconChevronRight size={16} aria-hidden />}
            onClick={() => onOpen({ fileId: f.fileId, name: f.name })}
          />
        );
      })}
      {query.hasNextPage && (
        <Button
          variant="subtle"
          size="compact-sm"
          m="xs"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t.more}
        </Button>
      )}
    </>
  );
}

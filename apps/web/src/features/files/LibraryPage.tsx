import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { type FileSortChoice, fileSortChoices, filesTexts } from '@roomscale/shared';
import { IconArrowsSort, IconFolderOpen } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showError } from '../../components/dialogs.tsx';
import { type LibraryScope, useBreadcrumb, useFileItem, useFolderFiles } from './api.ts';
import { FileBreadcrumb } from './FileBreadcrumb.tsx';
import { FileList, NoItems } from './FileList.tsx';
import { useFilesContext, useLibraryTarget } from './FilesContext.tsx';
import classes from './FilesLayout.module.css';
import { filesPaths, libraryPath, libraryScopeOf } from './paths.ts';
import { useFileActions } from './useFileActions.ts';

const t = filesTexts.library;

/** /files/team[/{folder}] and /files/user[/{folder}]: one folder of a scope (part2 §2). */
export function LibraryPage({ scope }: { scope: LibraryScope }) {
  const { folder } = useParams();
  return <Library key={`${scope}/${folder ?? ''}`} scope={scope} folderId={folder ?? null} />;
}

function Library({ scope, folderId }: { scope: LibraryScope; folderId: string | null }) {
  const { teamId, sort, setSort } = useFilesContext();
  const navigate = useNavigate();
  const actions = useFileActions(teamId);
  const folder = useFileItem(teamId, folderId);
  const crumbs = useBreadcrumb(teamId, folderId);

  const isFolder = folder.data?.type === 'Folder';
  const notFound = folderId !== null && (folder.isError || (folder.isSuccess && !isFolder));
  const otherScope = isFolder && folder.data && libraryScopeOf(folder.data) !== scope;
  const ready = folderId === null || (isFolder && !otherScope);

  const files = useFolderFiles(teamId, scope, folderId, sort, ready);
  useLibraryTarget(ready ? { teamId, scope, parentFileId: folderId } : null);

  // The requested parent is not a folder (or not there): 'Files not found', then /files.
  const reported = useRef(false);
  useEffect(() => {
    if (!notFound || reported.current) return;
    reported.current = true;
    void showError(t.notFound);
    navigate(filesPaths.home, { replace: true });
  }, [notFound, navigate]);

  // A folder opened under the other scope's route moves to its own route.
  useEffect(() => {
    if (otherScope && folder.data) {
      navigate(libraryPath(libraryScopeOf(folder.data), folder.data.fileId), { replace: true });
    }
  }, [otherScope, folder.data, navigate]);

  const title = folderId === null ? filesTexts.scopeLabels[scope] : (folder.data?.name ?? '');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div className={classes.heading}>
          {/* At a scope's top level the title is the whole path. */}
          {folderId !== null && (
            <FileBreadcrumb scope={scope} folderId={folderId} crumbs={crumbs.data} />
          )}
          <Title order={1} fz={{ base: 24, sm: 28 }} mt={4} lineClamp={2}>
            {title || '\u00a0'}
          </Title>
          {folderId === null && (
            <Text c="dimmed" size="sm" mt={2}>
              {t.intro[scope]}
            </Text>
          )}
        </div>
        <Select
          label={t.sortLabel}
          data={fileSortChoices.map((value) => ({ value, label: filesTexts.sortLabels[value] }))}
          value={sort}
          onChange={(v) => v && setSort(v as FileSortChoice)}
          allowDeselect={false}
          leftSection={<IconArrowsSort size={16} aria-hidden />}
          w={230}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>

      <FileList
        query={files}
        actions={actions}
        empty={
          <NoItems
            icon={<IconFolderOpen size={28} aria-hidden />}
            title={t.noMedia}
            hint={t.noMediaHint}
          />
        }
      />
    </Stack>
  );
}

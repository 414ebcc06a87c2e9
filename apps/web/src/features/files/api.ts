import {
  type FileItem,
  type FilePage,
  FileProperties,
  type FileScope,
  type FileSortOrder,
  fileLimits,
  filesLandingRecentPageSize,
  TranscodingStatus,
} from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import {
  type InfiniteData,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallInput, call } from '../../api/client.ts';

/** The scopes a member browses: the team's files and their personal files. */
export type LibraryScope = Extract<FileScope, 'Organization' | 'User'>;

/** Where new items go and what a library view lists. */
export type LibraryTarget = { teamId: string; scope: LibraryScope; parentFileId: string | null };

/** The body of a files list call, as the contract types it. */
export type FileListBody = CallInput<typeof filesApi.list>['body'];

/**
 * Query keys. Everything of the library starts with ['files', teamId] and the flat recent lists
 * with ['recentFiles', teamId]: completed uploads and every change here invalidate both.
 */
export const fileKeys = {
  all: (teamId: string) => ['files', teamId] as const,
  recentAll: (teamId: string) => ['recentFiles', teamId] as const,
  folder: (teamId: string, scope: LibraryScope, parentFileId: string | null, sort: FileSortOrder) =>
    ['files', teamId, 'list', scope, parentFileId, sort] as const,
  item: (teamId: string, fileId: string) => ['files', teamId, 'item', fileId] as const,
  breadcrumb: (teamId: string, fileId: string) => ['files', teamId, 'breadcrumb', fileId] as const,
  recent: (teamId: string, kind: RecentKind, pageSize: number) =>
    ['recentFiles', teamId, kind, pageSize] as const,
  folderChoices: (teamId: string, scope: LibraryScope, parentFileId: string | null) =>
    ['files', teamId, 'folderChoices', scope, parentFileId] as const,
};

export const listFiles = (teamId: string, body: FileListBody) =>
  call(filesApi.list, { params: { organizationId: teamId }, body });

/** A video or audio item the media job has not finished yet (part2 §4 Video). */
export function mediaStatusOf(file: Pick<FileItem, 'type' | 'properties'>) {
  if (file.type !== 'Video' && file.type !== 'Audio') return null;
  const status = Number(file.properties[FileProperties.transcodingStatus]);
  if (status === TranscodingStatus.Running) return 'running' as const;
  if (status === TranscodingStatus.Failed) return 'failed' as const;
  return null;
}

/** How often a list showing a video still processing asks again, so the card updates itself. */
const refreshWhileProcessing = (files: FileItem[] | undefined) =>
  files?.some((f) => mediaStatusOf(f) === 'running') ? fileLimits.processingListRefreshMs : false;

const nextPage = (last: FilePage) =>
  last.currentPage < last.pageCount ? last.currentPage + 1 : undefined;

/** One folder (or a scope's top level), page by page; folders come first from the server. */
export const folderListBody = (
  scope: LibraryScope,
  parentFileId: string | null,
  sortBy: FileSortOrder,
  page: number,
): FileListBody => ({
  pagination: { page, pageSize: fileLimits.pageSize },
  parentFileId,
  hierarchical: true,
  includedFileTypes: [],
  excludedFileTypes: [],
  scopes: [scope],
  sources: [],
  sortBy,
});

export function useFolderFiles(
  teamId: string,
  scope: LibraryScope,
  parentFileId: string | null,
  sortBy: FileSortOrder,
  enabled = true,
) {
  return useInfiniteQuery<FilePage, Error, InfiniteData<FilePage>, readonly unknown[], number>({
    queryKey: fileKeys.folder(teamId, scope, parentFileId, sortBy),
    queryFn: ({ pageParam }) =>
      listFiles(teamId, folderListBody(scope, parentFileId, sortBy, pageParam)),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    refetchInterval: (q) => refreshWhileProcessing(q.state.data?.pages.flatMap((p) => p.results)),
  });
}

/** The folders of a folder (or of a scope's top level) by name: where 'Move to…' may go. */
export const folderChoicesBody = (
  scope: LibraryScope,
  parentFileId: string | null,
  page: number,
): FileListBody => ({
  pagination: { page, pageSize: fileLimits.maxPageSize },
  parentFileId,
  hierarchical: true,
  includedFileTypes: ['Folder'],
  excludedFileTypes: [],
  scopes: [scope],
  sources: [],
  sortBy: 'NameAscending',
});

export function useFolderChoices(teamId: string, scope: LibraryScope, parentFileId: string | null) {
  return useInfiniteQuery<FilePage, Error, InfiniteData<FilePage>, readonly unknown[], number>({
    queryKey: fileKeys.folderChoices(teamId, scope, parentFileId),
    queryFn: ({ pageParam }) =>
      listFiles(teamId, folderChoicesBody(scope, parentFileId, pageParam)),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * The flat lists, newest first, over both scopes:
 * - 'files': every non-folder file (recent files, the landing's and the dashboard's list);
 * - 'vr': notes and pictures made in the VR app (part2 §1: "Notes and photos made in the VR app
 *   can be downloaded here"), i.e. source VR, types Note and Image.
 */
export type RecentKind = 'files' | 'vr';

export const recentListBody = (kind: RecentKind, page: number, pageSize: number): FileListBody => ({
  pagination: { page, pageSize },
  parentFileId: null,
  hierarchical: false,
  includedFileTypes: kind === 'vr' ? ['Note', 'Image'] : [],
  excludedFileTypes: kind === 'vr' ? [] : ['Folder'],
  scopes: ['Organization', 'User'],
  sources: kind === 'vr' ? ['VR'] : [],
  sortBy: 'CreatedDescending',
});

export function useRecentFiles(teamId: string, kind: RecentKind) {
  const pageSize = fileLimits.recentPageSize;
  return useInfiniteQuery<FilePage, Error, InfiniteData<FilePage>, readonly unknown[], number>({
    queryKey: fileKeys.recent(teamId, kind, pageSize),
    queryFn: ({ pageParam }) => listFiles(teamId, recentListBody(kind, pageParam, pageSize)),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: (q) => refreshWhileProcessing(q.state.data?.pages.flatMap((p) => p.results)),
  });
}

/**
 * One page of the newest files: the dashboard (12) and the files landing (10). The query on its
 * own, so a full load can ask for it as soon as the team is known (app/prefetch.ts).
 */
export const latestFilesQuery = (teamId: string, pageSize: number) =>
  queryOptions({
    queryKey: fileKeys.recent(teamId, 'files', pageSize),
    queryFn: () => listFiles(teamId, recentListBody('files', 1, pageSize)),
  });

export function useLatestFiles(teamId: string, pageSize: number) {
  return useQuery({
    ...latestFilesQuery(teamId, pageSize),
    refetchInterval: (q) => refreshWhileProcessing(q.state.data?.results),
  });
}

export const landingRecentPageSize = filesLandingRecentPageSize;

export function useFileItem(teamId: string, fileId: string | null) {
  return useQuery({
    queryKey: fileKeys.item(teamId, fileId ?? ''),
    queryFn:
      fileId === null
        ? skipToken
        : () => call(filesApi.get, { params: { organizationId: teamId, fileItemId: fileId } }),
  });
}

export function useBreadcrumb(teamId: string, fileId: string | null) {
  return useQuery({
    queryKey: fileKeys.breadcrumb(teamId, fileId ?? ''),
    queryFn:
      fileId === null
        ? skipToken
        : () =>
            call(filesApi.breadcrumb, { params: { organizationId: teamId, fileItemId: fileId } }),
  });
}

/** After a change: every library list, breadcrumb and recent list of the team reloads. */
function useRefreshFiles(teamId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fileKeys.all(teamId) }),
      queryClient.invalidateQueries({ queryKey: fileKeys.recentAll(teamId) }),
    ]);
}

export type FolderCreate = {
  name: string;
  type: 'Folder';
  parentFileId: string | null;
  scope: LibraryScope;
  source: 'WebPlatform';
};

export function useCreateFolder(teamId: string) {
  const refresh = useRefreshFiles(teamId);
  return useMutation({
    mutationFn: (body: FolderCreate) =>
      call(filesApi.create, { params: { organizationId: teamId }, body }),
    onSuccess: () => refresh(),
  });
}

/** A move: the new parent (null for a scope's top level), and the scope when it changes. */
export type FileMove = { parentFileId: string | null; scope?: LibraryScope };

export function useMoveFile(teamId: string) {
  const refresh = useRefreshFiles(teamId);
  return useMutation({
    mutationFn: ({ fileId, move }: { fileId: string; move: FileMove }) =>
      call(filesApi.edit, { params: { organizationId: teamId, fileItemId: fileId }, body: move }),
    onSettled: () => refresh(),
  });
}

export function useDeleteFile(teamId: string) {
  const refresh = useRefreshFiles(teamId);
  return useMutation({
    mutationFn: (fileId: string) =>
      call(filesApi.remove, { params: { organizationId: teamId, fileItemId: fileId } }),
    onSuccess: () => refresh(),
  });
}

import type { FileItem } from '@roomscale/shared';
import type { LibraryScope } from './api.ts';

/** The library a file is in. */
export const libraryScopeOf = (file: Pick<FileItem, 'scope'>): LibraryScope =>
  file.scope === 'User' ? 'User' : 'Organization';

/** The route segment of a scope: /files/team and /files/user (part2 §2). */
export const scopeSegments = { Organization: 'team', User: 'user' } as const satisfies Record<
  LibraryScope,
  string
>;

/** A library view: a scope's top level, or one of its folders. */
export const libraryPath = (scope: LibraryScope, folderId?: string | null) =>
  folderId ? `/files/${scopeSegments[scope]}/${folderId}` : `/files/${scopeSegments[scope]}`;

export const filesPaths = {
  home: '/files',
  recent: '/files/recent',
  recentNotes: '/files/recent-vr',
} as const;

import type { LibraryScope } from './api.ts';

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

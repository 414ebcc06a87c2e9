import {
  type FileItem,
  FileScopes,
  FileSources,
  type FileType,
  FileTypes,
} from '@roomscale/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { fileItems } from '../../db/schema.ts';
import { fileExtensionOf } from './content.ts';

export const parent = alias(fileItems, 'parent');

const personName = (userId: SQLWrapper) =>
  sql<
    string | null
  >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${userId})`;

/** The columns a file item is presented from. */
export const fileSelection = {
  item: fileItems,
  parentName: parent.name,
  parentType: parent.type,
  childCount: sql<number>`(select count(*)::int from file_items c where c.parent_id = ${fileItems.id})`,
  createdByName: personName(fileItems.createdBy),
  lastModifiedByName: personName(fileItems.lastModifiedBy),
};

export type FileRow = {
  item: typeof fileItems.$inferSelect;
  parentName: string | null;
  parentType: number | null;
  childCount: number;
  createdByName: string | null;
  lastModifiedByName: string | null;
};

export const typeName = (n: number): FileType => FileTypes[n] ?? 'Unknown';

/** A file item of either space: a guest's has no team (`organizationId` null). */
export type PresentedFile = Omit<FileItem, 'organizationId'> & { organizationId: string | null };

/**
 * Team routes answer team items only (the team space's queries filter by team), guest routes
 * guest items only; the response schemas check it again when serializing.
 */
export const teamItem = (f: PresentedFile) => f as FileItem;
export const teamItems = <P extends { results: PresentedFile[] }>(p: P) =>
  p as Omit<P, 'results'> & { results: FileItem[] };
export const guestItem = (f: PresentedFile) => f as PresentedFile & { organizationId: null };
export const guestItems = <P extends { results: PresentedFile[] }>(p: P) =>
  p as Omit<P, 'results'> & { results: (PresentedFile & { organizationId: null })[] };

export function presentFile(ctx: AppContext, row: FileRow): PresentedFile {
  const f = row.item;
  const type = typeName(f.type);
  return {
    fileId: f.id,
    organizationId: f.organizationId,
    name: f.name,
    type,
    scope: FileScopes[f.scope] ?? 'None',
    source: FileSources[f.source] ?? 'WebPlatform',
    parentFileId: f.parentId,
    parentFileName: row.parentName,
    parentFileType: row.parentType === null ? null : typeName(row.parentType),
    childFileCount: Number(row.childCount),
    mimeType: f.mimeType,
    contentLength: f.contentLength,
    blobUri: f.blobKey ? ctx.storage.blobUriFor(f.blobKey) : null,
    thumbnailBlobUri: f.thumbnailKey ? ctx.storage.blobUriFor(f.thumbnailKey) : null,
    properties: f.properties,
    created: f.created.toISOString(),
    lastModified: f.lastModified?.toISOString() ?? null,
    createdBy: f.createdBy,
    lastModifiedBy: f.lastModifiedBy,
    createdByName: row.createdByName,
    lastModifiedByName: row.lastModifiedByName,
    fileExtension: fileExtensionOf(type, f.name, f.mimeType),
  };
}

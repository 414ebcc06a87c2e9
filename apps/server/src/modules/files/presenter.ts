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

/** A user's full name, or null when they have none (or are gone). */
export const personName = (userId: SQLWrapper) =>
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
 * guest items only. Checked here, so the compiler knows the answer's shape and an item of the
 * wrong space is a loud error, not a silent one; the response schemas check it again.
 */
export function teamItem(f: PresentedFile): FileItem {
  if (f.organizationId === null) throw new Error(`guest item ${f.fileId} on a team route`);
  // Checked: the item itself is the answer (a copy of each row of a page cost its fields again).
  return f as FileItem;
}
export const teamItems = <P extends { results: PresentedFile[] }>(p: P) => ({
  ...p,
  results: p.results.map(teamItem),
});
export function guestItem(f: PresentedFile): PresentedFile & { organizationId: null } {
  if (f.organizationId !== null) throw new Error(`team item ${f.fileId} on a guest route`);
  return f as PresentedFile & { organizationId: null };
}
export const guestItems = <P extends { results: PresentedFile[] }>(p: P) => ({
  ...p,
  results: p.results.map(guestItem),
});

/**
 * A signed address of the item's thumbnail, for the cards of a list to show without asking for
 * the download information first. It lives as long as a download address
 * (`security.downloadUrlSeconds`), far longer than a page is looked at. The thumbnail's name is
 * used as it is: looking up its stored type for an extension would cost a storage call per card.
 */
function thumbnailUriOf(ctx: AppContext, f: FileRow['item']): Promise<string | null> {
  if (!f.thumbnailKey) return Promise.resolve(null);
  return ctx.storage
    .downloadUrl(f.thumbnailKey, { fileName: `${f.name} thumbnail`, nameAsGiven: true })
    .then((signed) => signed.url);
}

/** Presents one row; see `presentFiles` for a page of them. */
export async function presentFile(ctx: AppContext, row: FileRow): Promise<PresentedFile> {
  return presentRow(ctx, row, await thumbnailUriOf(ctx, row.item));
}

/** Presents a page of rows; their thumbnails are signed together, not one after another. */
export async function presentFiles(ctx: AppContext, rows: FileRow[]): Promise<PresentedFile[]> {
  const thumbnails = await Promise.all(rows.map((r) => thumbnailUriOf(ctx, r.item)));
  return rows.map((r, i) => presentRow(ctx, r, thumbnails[i] ?? null));
}

function presentRow(ctx: AppContext, row: FileRow, thumbnailUri: string | null): PresentedFile {
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
    thumbnailUri,
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

import {
  type Breadcrumb,
  enumNumber,
  type FileScope,
  FileScopes,
  FileSources,
  type FileType,
  FileTypes,
  type fileCreate,
  fileLimits,
  fileMessages,
  type fileUpdate,
  noteLimits,
  noteMessages,
  TranscodingStatus,
} from '@roomscale/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fileItems } from '../../db/schema.ts';
import { sniffContent } from '../../platform/content/sniff.ts';
import { paged } from '../../platform/http/paging.ts';
import { badRequest, conflict, fieldError, notFound } from '../../platform/http/problem.ts';
import { keyBelongsTo } from '../../platform/storage/index.ts';
import type { Storage } from '../../platform/storage/types.ts';
import {
  acceptedContentType,
  fileExtensionOf,
  renameFitsContent,
  servedContentType,
} from './content.ts';
import { type ListQuery, readList, subtree } from './list.ts';
import { enqueueMediaProbe, isMediaType } from './media.ts';
import { noteContentErrors } from './note.ts';
import {
  type FileRow,
  fileSelection,
  type PresentedFile,
  parent,
  presentFile,
  presentFiles,
  typeName,
} from './presenter.ts';
import { enqueuePurge } from './purge.ts';
import {
  actorOf,
  type FileSpace,
  isReadOnly,
  keyPrefixOf,
  ownerOf,
  USER_SCOPE,
  visibleIn,
} from './space.ts';

const FOLDER = enumNumber(FileTypes, 'Folder');
const typeNumber = (t: FileType) => enumNumber(FileTypes, t);

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Create and update input of either space: the guests' schemas allow only the Guest scope. */
type FileCreateInput = Omit<z.output<typeof fileCreate>, 'scope'> & { scope?: FileScope };
type FileUpdateInput = Omit<z.output<typeof fileUpdate>, 'scope'> & { scope?: FileScope };

async function findWhere(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select(fileSelection)
    .from(fileItems)
    .leftJoin(parent, eq(parent.id, fileItems.parentId))
    .where(where);
  return (row as FileRow | undefined) ?? null;
}

/** An item the space sees (a folder named in a body), or null. */
const findVisible = (db: DbOrTx, space: FileSpace, fileId: string) =>
  findWhere(db, and(eq(fileItems.id, fileId), visibleIn(space))!);

/**
 * The item a route addresses: its `fileItem` or `fileEditor` rule has checked that the caller sees
 * it (and may change it). Read again by id; one deleted since is 404.
 */
async function addressedItem(db: DbOrTx, fileId: string) {
  const row = await findWhere(db, eq(fileItems.id, fileId));
  if (!row) throw notFound(fileMessages.notFound);
  return row;
}

type Blob = { key: string; size: number; mimeType: string | null };

/** The first and last `fileLimits.sniffBytes` of an object: all a content check reads. */
async function sampleOf(storage: Storage, key: string, size: number) {
  const n = fileLimits.sniffBytes;
  const head = await storage.readHead(key, Math.min(n, size));
  const tail = size > n ? await storage.readRange(key, size - n, n) : head;
  return { head, tail, size };
}

/**
 * An uploaded blob a file item may point at: an address of our storage, under the team's
 * prefix, not another item's, whose object exists, is not empty or too large, and whose bytes
 * are a file of `type` that `name`'s extension agrees with. The object's stored content type
 * becomes the one its bytes proved. A refused upload is deleted at once (it is the caller's and
 * no item holds it), unless it is the item's own current content.
 */
async function checkedBlob(
  ctx: AppContext,
  space: FileSpace,
  field: string,
  uri: string,
  type: FileType,
  name: string,
  ownItemId?: string,
): Promise<Blob> {
  const key = ctx.storage.keyFromBlobUri(uri);
  if (!key || !keyBelongsTo(key, keyPrefixOf(space))) {
    throw fieldError(
      field,
      space.kind === 'guest' ? fileMessages.notGuestUpload : fileMessages.notOurUpload,
    );
  }
  // One blob, one item: deleting an item deletes its blob, which must not break another.
  const holders = await ctx.db
    .select({ id: fileItems.id })
    .from(fileItems)
    .where(or(eq(fileItems.blobKey, key), eq(fileItems.thumbnailKey, key)))
    .limit(2);
  if (holders.some((h) => h.id !== ownItemId)) throw fieldError(field, fileMessages.uploadInUse);
  const refuse = async (problem: Error) => {
    if (holders.length === 0) {
      await ctx.storage
        .delete(key)
        .catch((e) => ctx.log.warn({ err: e, key }, 'refused upload not deleted'));
    }
    return problem;
  };
  const info = await ctx.storage.stat(key);
  if (!info) throw fieldError(field, fileMessages.uploadMissing);
  if (info.size === 0) throw await refuse(fieldError(field, fileMessages.empty(name)));
  if (info.size >= fileLimits.maxUploadBytes) {
    throw await refuse(fieldError(field, fileMessages.tooLarge(name, '2 GB')));
  }
  const sample = await sampleOf(ctx.storage, key, info.size);
  const mimeType = acceptedContentType(type, name, await sniffContent(sample));
  if (!mimeType) throw await refuse(fieldError(field, fileMessages.typeNotSupported(name)));
  if (type === 'Note') {
    const problems =
      info.size > noteLimits.maxBytes
        ? [noteMessages.tooLarge]
        : noteContentErrors(sample.head.subarray(0, info.size));
    if (problems.length > 0) throw await refuse(badRequest(problems[0]!, { [field]: problems }));
  }
  if (info.contentType !== mimeType) await ctx.storage.setContentType(key, mimeType);
  return { key, size: info.size, mimeType };
}

/**
 * One blob, one item, kept under concurrency: inside the transaction that stores the keys, each
 * key is locked (a transaction-scoped advisory lock, taken in key order so two requests never
 * wait on each other) and its holders counted again, so two requests naming the same upload
 * cannot both keep it. `checkedBlob`'s earlier check answers the common case without a lock.
 */
async function claimUploads(
  tx: DbOrTx,
  claims: { field: string; blob: Blob | null }[],
  ownItemId?: string,
) {
  const held = claims.filter((c): c is { field: string; blob: Blob } => c.blob !== null);
  for (const c of [...held].sort((a, b) => a.blob.key.localeCompare(b.blob.key))) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${c.blob.key}, 0))`);
  }
  for (const c of held) {
    const holders = await tx
      .select({ id: fileItems.id })
      .from(fileItems)
      .where(or(eq(fileItems.blobKey, c.blob.key), eq(fileItems.thumbnailKey, c.blob.key)))
      .limit(2);
    if (holders.some((h) => h.id !== ownItemId))
      throw fieldError(c.field, fileMessages.uploadInUse);
  }
}

/** The thumbnail upload of an item, when one is given: an image by the same rules. */
function checkedThumbnail(
  ctx: AppContext,
  space: FileSpace,
  uri: string | null | undefined,
  ownItemId?: string,
) {
  if (!uri) return null;
  return checkedBlob(ctx, space, 'thumbnailBlobUri', uri, 'Image', 'thumbnail', ownItemId);
}

/** A folder of the team the caller sees, to put something in; else a 400 on `field`. */
async function targetFolder(tx: DbOrTx, space: FileSpace, folderId: string) {
  const row = await findVisible(tx, space, folderId);
  if (!row) throw fieldError('parentFileId', fileMessages.folderNotFound);
  if (row.item.type !== FOLDER) throw fieldError('parentFileId', fileMessages.parentNotFolder);
  if (isReadOnly(row.item.scope)) throw fieldError('parentFileId', fileMessages.readOnly);
  return row.item;
}

export async function createFile(
  ctx: AppContext,
  space: FileSpace,
  input: FileCreateInput,
): Promise<PresentedFile> {
  const type = input.type;
  if (type === 'Unknown') throw fieldError('type', fileMessages.unknownType);
  if (type === 'Folder' && input.blobUri) {
    throw fieldError('blobUri', fileMessages.folderHasNoContent);
  }
  if (type !== 'Folder' && !input.blobUri)
    throw fieldError('blobUri', fileMessages.contentRequired);
  const blob = input.blobUri
    ? await checkedBlob(ctx, space, 'blobUri', input.blobUri, type, input.name)
    : null;
  const thumb = await checkedThumbnail(ctx, space, input.thumbnailBlobUri);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await claimUploads(tx, [
      { field: 'blobUri', blob },
      { field: 'thumbnailBlobUri', blob: thumb },
    ]);
    let scope: FileScope = input.scope ?? (space.kind === 'guest' ? 'Guest' : 'Organization');
    if (input.parentFileId) {
      const folder = await targetFolder(tx, space, input.parentFileId);
      const folderScope = FileScopes[folder.scope]!;
      if (input.scope && input.scope !== folderScope) {
        throw fieldError('scope', fileMessages.scopeOfParent);
      }
      scope = folderScope;
    }
    const media = isMediaType(type);
    const [created] = await tx
      .insert(fileItems)
      .values({
        ...ownerOf(space),
        parentId: input.parentFileId ?? null,
        name: input.name,
        type: typeNumber(type),
        scope: enumNumber(FileScopes, scope),
        source: enumNumber(FileSources, input.source),
        mimeType: blob?.mimeType ?? null,
        contentLength: blob?.size ?? null,
        blobKey: blob?.key ?? null,
        thumbnailKey: thumb?.key ?? null,
        properties: media
          ? { ...input.properties, TranscodingStatus: TranscodingStatus.Running }
          : input.properties,
        created: now,
        createdBy: actorOf(space),
      })
      .returning({ id: fileItems.id });
    if (media) await enqueueMediaProbe(tx, created!.id, now);
    return created!.id;
  });
  return getFile(ctx, id);
}

export async function getFile(ctx: AppContext, fileId: string): Promise<PresentedFile> {
  return presentFile(ctx, await addressedItem(ctx.db, fileId));
}

export async function listFiles(
  ctx: AppContext,
  space: FileSpace,
  query: ListQuery,
): Promise<ReturnType<typeof paged<PresentedFile>>> {
  const { entryCount, rows } = await readList(ctx.db, space, query);
  const { page, pageSize } = query.pagination;
  return paged(await presentFiles(ctx, rows), { page, pageSize, entryCount });
}

export async function updateFile(
  ctx: AppContext,
  space: FileSpace,
  fileId: string,
  input: FileUpdateInput,
): Promise<PresentedFile> {
  const now = ctx.clock.now();
  const current = await addressedItem(ctx.db, fileId);
  const type = typeName(current.item.type);
  const name = input.name ?? current.item.name;
  if (input.blobUri !== undefined && type === 'Folder') {
    throw fieldError('blobUri', fileMessages.folderHasNoContent);
  }
  if (
    input.blobUri === undefined &&
    !renameFitsContent(type, current.item.mimeType, current.item.name, name)
  ) {
    throw fieldError('name', fileMessages.typeNotSupported(name));
  }
  const blob =
    input.blobUri !== undefined
      ? await checkedBlob(ctx, space, 'blobUri', input.blobUri, type, name, fileId)
      : null;
  const thumb = await checkedThumbnail(ctx, space, input.thumbnailBlobUri, fileId);
  await ctx.db.transaction(async (tx) => {
    await claimUploads(
      tx,
      [
        { field: 'blobUri', blob },
        { field: 'thumbnailBlobUri', blob: thumb },
      ],
      fileId,
    );
    const { item } = await addressedItem(tx, fileId);
    let parentId = item.parentId;
    let parentScope: number | null = null;
    if (input.parentFileId !== undefined && input.parentFileId !== item.parentId) {
      if (input.parentFileId === null) {
        parentId = null;
      } else {
        const folder = await targetFolder(tx, space, input.parentFileId);
        const [cycle] = await tx
          .select({ id: fileItems.id })
          .from(fileItems)
          .where(and(eq(fileItems.id, folder.id), sql`${fileItems.id} in ${subtree(item.id)}`));
        if (cycle) throw fieldError('parentFileId', fileMessages.moveIntoItself);
        parentId = folder.id;
        parentScope = folder.scope;
      }
    } else if (item.parentId) {
      const [p] = await tx
        .select({ scope: fileItems.scope })
        .from(fileItems)
        .where(eq(fileItems.id, item.parentId));
      parentScope = p?.scope ?? null;
    }
    const wanted = input.scope === undefined ? null : enumNumber(FileScopes, input.scope);
    if (parentScope !== null && wanted !== null && wanted !== parentScope) {
      throw fieldError('scope', fileMessages.scopeOfParent);
    }
    const scope = parentScope ?? wanted ?? item.scope;
    await tx
      .update(fileItems)
      .set({
        name,
        parentId,
        ...(input.properties === undefined ? {} : { properties: input.properties }),
        ...(blob ? { blobKey: blob.key, mimeType: blob.mimeType, contentLength: blob.size } : {}),
        ...(input.thumbnailBlobUri === undefined ? {} : { thumbnailKey: thumb?.key ?? null }),
        lastModified: now,
        lastModifiedBy: actorOf(space),
      })
      .where(eq(fileItems.id, item.id));
    if (scope !== item.scope) {
      // The whole subtree follows; personal items belong to the one who made them personal.
      await tx
        .update(fileItems)
        .set({
          scope,
          ...(scope === USER_SCOPE ? { ownerUserId: actorOf(space) } : {}),
        })
        .where(sql`${fileItems.id} in ${subtree(item.id)}`);
    }
    const old: string[] = [];
    if (blob && item.blobKey && item.blobKey !== blob.key) old.push(item.blobKey);
    if (
      input.thumbnailBlobUri !== undefined &&
      item.thumbnailKey &&
      item.thumbnailKey !== thumb?.key
    ) {
      old.push(item.thumbnailKey);
    }
    if (blob && isMediaType(type)) {
      await tx
        .update(fileItems)
        .set({
          properties: sql`${fileItems.properties} || ${JSON.stringify({ TranscodingStatus: TranscodingStatus.Running })}::jsonb`,
        })
        .where(eq(fileItems.id, item.id));
      await enqueueMediaProbe(tx, item.id, now);
    }
    // The replaced objects go by the purge job, once this commits (files/purge.ts).
    if (old.length > 0) await enqueuePurge(tx, { keys: old }, now);
  });
  return getFile(ctx, fileId);
}

/**
 * Deletes an item; a folder goes with everything in it. Their stored objects are deleted by the
 * purge job queued in the same transaction (an outbox: 500 keys a job, run once this commits, and
 * never an object another item still uses): the call does not wait on object storage for each of
 * a large folder's files.
 */
export async function deleteFile(ctx: AppContext, fileId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await addressedItem(tx, fileId);
    const blobs = await tx
      .select({ blob: fileItems.blobKey, thumb: fileItems.thumbnailKey })
      .from(fileItems)
      .where(sql`${fileItems.id} in ${subtree(fileId)}`);
    await tx.delete(fileItems).where(eq(fileItems.id, fileId));
    const keys = blobs.flatMap((b) => [b.blob, b.thumb]).filter((k): k is string => !!k);
    if (keys.length > 0) await enqueuePurge(tx, { keys }, now);
  });
}

/**
 * The item and up to `breadcrumbAncestors` folders above it; `order` counts up from the item
 * (0), nodes come in descending order (top-most first); `hasMore` when higher folders exist.
 */
export async function breadcrumbOf(ctx: AppContext, fileId: string): Promise<Breadcrumb> {
  await addressedItem(ctx.db, fileId);
  const max = fileLimits.breadcrumbAncestors;
  const res = await ctx.db.execute(sql`with recursive a(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from file_items where id = ${fileId}
      union all
      select p.id, p.name, p.parent_id, a.depth + 1 from file_items p join a on p.id = a.parent_id
      where a.depth <= ${max}
    ) select id, name, depth from a order by depth desc`);
  const all = rowsOf<{ id: string; name: string; depth: number }>(res);
  const shown = all.filter((n) => Number(n.depth) <= max);
  return {
    nodes: shown.map((n) => ({ name: n.name, fileId: n.id, order: Number(n.depth) })),
    hasMore: all.length > shown.length,
  };
}

/**
 * The download information of an item: `GET /api/File/{id}` (a member who sees it in one of
 * their teams) and `GET /api/Guests/Files/{id}` (a guest's own), as their `fileItem` rule says.
 */
export async function downloadOf(ctx: AppContext, fileId: string) {
  return presentDownload(ctx, (await addressedItem(ctx.db, fileId)).item);
}

async function presentDownload(ctx: AppContext, f: typeof fileItems.$inferSelect) {
  const type = typeName(f.type);
  if (!f.blobKey) throw badRequest(fileMessages.noDownload);
  const status = f.properties.TranscodingStatus;
  if (status === TranscodingStatus.Running) throw conflict(fileMessages.videoProcessing);
  if (status === TranscodingStatus.Failed) throw conflict(fileMessages.videoFailed);
  const signed = await ctx.storage.downloadUrl(f.blobKey, {
    fileName: f.name,
    contentType: servedContentType(f.mimeType),
  });
  const thumb = f.thumbnailKey
    ? await ctx.storage.downloadUrl(f.thumbnailKey, {
        fileName: `${f.name} thumbnail`,
        nameAsGiven: true,
      })
    : null;
  return {
    fileId: f.id,
    type,
    mimeType: f.mimeType,
    contentLength: f.contentLength,
    expiry: signed.expiry.toISOString(),
    blobUri: signed.url,
    thumbnailUri: thumb?.url ?? null,
    properties: f.properties,
    created: f.created.toISOString(),
    lastModified: f.lastModified?.toISOString() ?? null,
    fileExtension: fileExtensionOf(type, f.name, f.mimeType),
  };
}

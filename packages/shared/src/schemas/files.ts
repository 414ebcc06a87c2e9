import {
  FileScopes,
  FileSortOrders,
  FileSources,
  FileTypes,
  fileLimits,
  MemberFileScopes,
} from '../files.ts';
import { fieldMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { id, isoDate, pagedResult } from './common.ts';

/** An enum value by name, or by its number (its position in the list). */
const nameOrNumber = <T extends readonly [string, ...string[]]>(list: T) =>
  z.union([z.enum(list), z.number().int()]).transform((v, ctx) => {
    if (typeof v === 'string') return v as T[number];
    const name = list[v];
    if (name !== undefined && v >= 0) return name as T[number];
    ctx.addIssue({ code: 'custom', message: `Unknown value ${v}` });
    return z.NEVER;
  });

export const fileType = z.enum(FileTypes);
export const fileScope = z.enum(FileScopes);
export const fileSource = z.enum(FileSources);
export const fileTypeInput = nameOrNumber(FileTypes);
export const memberFileScopeInput = nameOrNumber(FileScopes).pipe(z.enum(MemberFileScopes));
export const fileSourceInput = nameOrNumber(FileSources);

export const fileName = z
  .string()
  .trim()
  .min(1, fieldMessages.required)
  .max(fileLimits.nameMax, fieldMessages.maxLength(fileLimits.nameMax));

const propertyValue = z.union([
  z.string().max(fileLimits.propertyValueMax),
  z.number(),
  z.boolean(),
  z.null(),
]);
export const fileProperties = z
  .record(z.string().min(1).max(100), propertyValue)
  .refine((r) => Object.keys(r).length <= fileLimits.propertiesMax, {
    message: `At most ${fileLimits.propertiesMax} properties`,
  });

const blobUri = z.string().trim().min(1).max(2000);

/** PUT …/File: a folder (no content), or a file or note uploaded first (`blobUri`). */
export const fileCreate = z.object({
  name: fileName,
  type: fileTypeInput,
  parentFileId: id.nullish(),
  blobUri: blobUri.nullish(),
  thumbnailBlobUri: blobUri.nullish(),
  scope: memberFileScopeInput.optional(),
  source: fileSourceInput.default('WebPlatform'),
  properties: fileProperties.default({}),
});

/** PATCH …/File/{id}: only the fields sent change; `parentFileId: null` moves to the top. */
export const fileUpdate = z.object({
  name: fileName.optional(),
  properties: fileProperties.optional(),
  parentFileId: id.nullish(),
  blobUri: blobUri.optional(),
  thumbnailBlobUri: blobUri.nullish(),
  scope: memberFileScopeInput.optional(),
});

/** POST …/File: one page of a folder (or of every file with `hierarchical: false`). */
export const fileListQuery = z.object({
  pagination: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce
        .number()
        .int()
        .min(1)
        .max(fileLimits.maxPageSize)
        .default(fileLimits.pageSize),
    })
    .default({ page: 1, pageSize: fileLimits.pageSize }),
  parentFileId: id.nullish(),
  includedFileTypes: z.array(fileTypeInput).max(FileTypes.length).default([]),
  excludedFileTypes: z.array(fileTypeInput).max(FileTypes.length).default([]),
  sortBy: z.enum(FileSortOrders).default('NameAscending'),
  hierarchical: z.boolean().default(true),
  scopes: z.array(memberFileScopeInput).max(MemberFileScopes.length).default([]),
  sources: z.array(fileSourceInput).max(FileSources.length).default([]),
});

export const fileItem = z.object({
  fileId: id,
  organizationId: id,
  name: z.string(),
  type: fileType,
  scope: fileScope,
  source: fileSource,
  parentFileId: id.nullable(),
  parentFileName: z.string().nullable(),
  parentFileType: fileType.nullable(),
  childFileCount: z.number().int(),
  mimeType: z.string().nullable(),
  contentLength: z.number().int().nullable(),
  blobUri: z.string().nullable(),
  thumbnailBlobUri: z.string().nullable(),
  /** A short-lived signed address of the thumbnail, for showing it (null without one). */
  thumbnailUri: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  created: isoDate,
  lastModified: isoDate.nullable(),
  createdBy: id.nullable(),
  lastModifiedBy: id.nullable(),
  createdByName: z.string().nullable(),
  lastModifiedByName: z.string().nullable(),
  fileExtension: z.string().nullable(),
});
export type FileItem = z.infer<typeof fileItem>;

export const filePage = pagedResult(fileItem);
export type FilePage = z.infer<typeof filePage>;

export const fileUploadSlot = z.object({ fileUploadUri: z.string(), expiry: isoDate });

export const breadcrumb = z.object({
  nodes: z.array(z.object({ name: z.string(), fileId: id, order: z.number().int() })),
  hasMore: z.boolean(),
});
export type Breadcrumb = z.infer<typeof breadcrumb>;

export const fileDownload = z.object({
  fileId: id,
  type: fileType,
  mimeType: z.string().nullable(),
  contentLength: z.number().int().nullable(),
  expiry: isoDate,
  blobUri: z.string(),
  thumbnailUri: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  created: isoDate,
  lastModified: isoDate.nullable(),
  fileExtension: z.string().nullable(),
});
export type FileDownload = z.infer<typeof fileDownload>;

/**
 * Guests' own files (`/api/Guests/Files`): the same calls as a team's, in the Guest scope only
 * and without a team (`organizationId` is null).
 */
const guestScopeInput = nameOrNumber(FileScopes).pipe(z.enum(['Guest']));
export const guestFileCreate = fileCreate.extend({ scope: guestScopeInput.optional() });
export const guestFileUpdate = fileUpdate.extend({ scope: guestScopeInput.optional() });
export const guestFileListQuery = fileListQuery.extend({
  scopes: z.array(guestScopeInput).max(1).default([]),
});
export const guestFileItem = fileItem.extend({ organizationId: z.null() });
export type GuestFileItem = z.infer<typeof guestFileItem>;
export const guestFilePage = pagedResult(guestFileItem);

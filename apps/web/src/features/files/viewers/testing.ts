import type { FileItem } from '@roomscale/shared';

export const teamId = '0b8f9c4e-2d1a-4e3b-8c7d-6a5b4c3d2e1f';

let seq = 0;
/** A file item as the API returns it; override what a test is about. */
export function fileFixture(overrides: Partial<FileItem> = {}): FileItem {
  seq += 1;
  return {
    fileId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    organizationId: teamId,
    name: 'Holiday.png',
    type: 'Image',
    scope: 'Organization',
    source: 'WebPlatform',
    parentFileId: null,
    parentFileName: null,
    parentFileType: null,
    childFileCount: 0,
    mimeType: 'image/png',
    contentLength: 2048,
    blobUri: null,
    thumbnailBlobUri: null,
    thumbnailUri: null,
    properties: {},
    created: '2025-01-01T10:00:00.000Z',
    lastModified: null,
    createdBy: null,
    lastModifiedBy: null,
    createdByName: null,
    lastModifiedByName: null,
    fileExtension: 'png',
    ...overrides,
  };
}

/** Download info as GET /api/File/{id} answers it. */
export function downloadFixture(file: FileItem, overrides: Record<string, unknown> = {}) {
  return {
    fileId: file.fileId,
    type: file.type,
    mimeType: file.mimeType,
    contentLength: file.contentLength,
    expiry: '2030-01-01T00:00:00.000Z',
    blobUri: `/storage/${file.fileId}?sig=abc`,
    thumbnailUri: null,
    properties: file.properties,
    created: file.created,
    lastModified: file.lastModified,
    fileExtension: file.fileExtension,
    ...overrides,
  };
}

export const problem = (status: number, detail: string) => ({
  status,
  body: { type: 'about:blank', title: 'Error', status, detail },
});

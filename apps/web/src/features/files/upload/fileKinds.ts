import { type FileType, fileLimits, fileMessages, uploadMessages } from '@roomscale/shared';

/**
 * What kind of file item a picked file becomes (part2 §5 Upload): the type comes from the
 * browser's MIME type, or from the extension when the browser gives none we accept (browsers
 * often report '' or a vendor type for 3D files).
 */

export const acceptedMimeTypes: Readonly<Record<string, FileType>> = {
  'video/mp4': 'Video',
  'video/x-msvideo': 'Video',
  'video/mpeg': 'Video',
  'video/x-matroska': 'Video',
  'video/3gpp': 'Video',
  'video/x-flv': 'Video',
  'image/png': 'Image',
  'image/jpeg': 'Image',
  'application/pdf': 'Document',
  'model/gltf-binary': 'Model3D',
  'model/gltf+json': 'Model3D',
  'model/obj': 'Model3D',
  'model/stl': 'Model3D',
  'model/3mf': 'Model3D',
  'application/zip': 'Model3D',
  'application/x-zip-compressed': 'Model3D',
  'application/fbx': 'Model3D',
  'application/sla': 'Model3D',
  'application/vnd.ms-package.3dmanufacturing-3dmodel+xml': 'Model3D',
  'application/vnd.ms-3mfdocument': 'Model3D',
  'audio/mpeg': 'Audio',
  'audio/x-mpeg-3': 'Audio',
  'audio/mpeg3': 'Audio',
  'audio/wav': 'Audio',
  'audio/x-wav': 'Audio',
};

/** The extension fallback of §5. `text/plain` here always means a 3D model. */
export const extensionMimeTypes: Readonly<Record<string, string>> = {
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  gltf2: 'model/gltf+json',
  obj: 'text/plain',
  fbx: 'text/plain',
  stl: 'text/plain',
  pla: 'text/plain',
  '3mf': 'model/3mf',
  zip: 'application/zip',
};

/** The `accept` attribute of the file picker. */
export const uploadAccept = [
  ...Object.keys(acceptedMimeTypes),
  ...Object.keys(extensionMimeTypes).map((e) => `.${e}`),
].join(',');

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();

/** MIME type and file type of a picked file, or null when it is not supported. */
export function fileKindOf(file: {
  name: string;
  type: string;
}): { mimeType: string; type: FileType } | null {
  const browserType = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  const fromBrowser = acceptedMimeTypes[browserType];
  if (fromBrowser) return { mimeType: browserType, type: fromBrowser };
  const ext = extensionOf(file.name);
  const fromExtension = ext ? extensionMimeTypes[ext] : undefined;
  if (!fromExtension) return null;
  return { mimeType: fromExtension, type: acceptedMimeTypes[fromExtension] ?? 'Model3D' };
}

/** 2147483648 → '2 GB'; 1536 → '1.5 KB'. Binary units, at most one decimal. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

export type UploadCheck =
  | { ok: true; mimeType: string; type: FileType }
  | { ok: false; message: string };

/** The §5 checks, in the spec's order: type, then empty, then size. */
export function checkUpload(file: { name: string; type: string; size: number }): UploadCheck {
  const kind = fileKindOf(file);
  if (!kind) return { ok: false, message: uploadMessages.unsupportedType(file.name) };
  if (file.size === 0) return { ok: false, message: fileMessages.empty(file.name) };
  if (file.size >= fileLimits.maxUploadBytes) {
    return {
      ok: false,
      message: fileMessages.tooLarge(file.name, formatBytes(fileLimits.maxUploadBytes)),
    };
  }
  return { ok: true, ...kind };
}

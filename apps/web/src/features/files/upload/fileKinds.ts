import {
  type FileFormat,
  type FileType,
  fileFormats,
  fileLimits,
  fileMessages,
  uploadMessages,
} from '@roomscale/shared';
import { formatBytes } from '../../../components/format.ts';

/**
 * What kind of file item a picked file becomes (part2 §5 Upload), from the shared format table
 * the server's content check reads too: the type comes from the browser's MIME type, or from the
 * extension when the browser gives none we accept (browsers often report '' or a vendor type for
 * 3D files).
 */
const offered = Object.values(fileFormats as Record<string, FileFormat>).flatMap((f) =>
  f.picker ? [{ ...f.picker, kind: f.kinds[0]!, mime: f.mime }] : [],
);

const acceptedMimeTypes: Readonly<Record<string, FileType>> = Object.fromEntries(
  offered.flatMap((f) => f.browserTypes.map((t) => [t, f.kind])),
);

/** The extension fallback of §5, with the type the file is uploaded as. */
const byExtension: Readonly<Record<string, { mimeType: string; type: FileType }>> =
  Object.fromEntries(
    offered.flatMap((f) =>
      (f.byExtension ?? []).map((e) => [e, { mimeType: f.uploadAs ?? f.mime, type: f.kind }]),
    ),
  );

/** The `accept` attribute of the file picker. */
export const uploadAccept = [
  ...Object.keys(acceptedMimeTypes),
  ...Object.keys(byExtension).map((e) => `.${e}`),
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
  return (ext && byExtension[ext]) || null;
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

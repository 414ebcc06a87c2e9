import type { FileType } from '@roomscale/shared';
import mime from 'mime-types';
import {
  type FormatId,
  formats,
  knownExtensions,
  type Sniffed,
  sniffedMimeTypes,
} from '../../platform/content/sniff.ts';

/** Which sniffed formats each file type takes: the `kinds` of the shared format table. */
const formatsOf = (type: FileType): FormatId[] =>
  (Object.keys(formats) as FormatId[]).filter((id) =>
    (formats[id].kinds as readonly FileType[]).includes(type),
  );

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();

/** Kinds whose players read the bytes: a `.jpg` that is a PNG, a `.avi` that is an MP4 play. */
const byteSniffingKinds: readonly FileType[] = ['Image', 'Video', 'Audio'];

/**
 * A name's extension may not claim another format than the bytes have. An extension of a known
 * format (or of any registered type: `.html`, `.exe`…) must be the sniffed format's, or, for
 * images, videos and audio, one of another format of the same kind. 3D-model loaders go by the
 * extension, so a model's must be its own format's. Names without a recognisable extension
 * ("Plan v2", "Scan 12.2024") are fine.
 */
function extensionFits(type: FileType, name: string, sniffed: Sniffed) {
  const ext = extensionOf(name);
  if (!ext || sniffed.extensions.includes(ext)) return true;
  if (byteSniffingKinds.includes(type)) {
    const sameKind = formatsOf(type).some((id) =>
      (formats[id].extensions as readonly string[]).includes(ext),
    );
    if (sameKind) return true;
  }
  return !knownExtensions.has(ext) && !mime.lookup(ext);
}

/**
 * The MIME type to store for an upload that a file item of `type` named `name` takes, from
 * what its bytes are; null when the bytes are not such a file (the declared kind or the
 * extension says otherwise). A note's name is its title, not a file name: only its bytes count.
 */
export function acceptedContentType(
  type: FileType,
  name: string,
  sniffed: Sniffed | null,
): string | null {
  if (!sniffed || !formatsOf(type).includes(sniffed.id)) return null;
  if (sniffed.id === 'text' && extensionOf(name) !== 'pla') return null;
  if (type !== 'Note' && !extensionFits(type, name, sniffed)) return null;
  return type === 'Audio' && sniffed.audioMime ? sniffed.audioMime : sniffed.mime;
}

/**
 * Whether renaming an item of `type` holding `mimeType` content from `from` to `to` keeps the
 * name's extension true to the content: a PNG may not become `photo.html`. Rows whose current
 * name already disagrees with their stored type (stored before content was sniffed) are left
 * to rename freely.
 */
export function renameFitsContent(
  type: FileType,
  mimeType: string | null,
  from: string,
  to: string,
): boolean {
  if (type === 'Folder' || type === 'Note' || !mimeType) return true;
  const id = (Object.keys(formats) as FormatId[]).find((f) => {
    const info: { mime: string; audioMime?: string } = formats[f];
    return info.mime === mimeType || info.audioMime === mimeType;
  });
  if (!id) return true;
  const sniffed = { id, ...formats[id] };
  return !extensionFits(type, from, sniffed) || extensionFits(type, to, sniffed);
}

/**
 * The type a download is served with: the stored one when the bytes could have proved it, else
 * `application/octet-stream` (a row stored before content was sniffed may carry any declared
 * type, `text/html` included).
 */
export function servedContentType(stored: string | null): string {
  return stored && sniffedMimeTypes.has(stored) ? stored : 'application/octet-stream';
}

/** The extension of a file item: from its name, else from its MIME type; null for folders. */
export function fileExtensionOf(type: FileType, name: string, mimeType: string | null) {
  if (type === 'Folder') return null;
  const fromName = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1];
  if (fromName) return fromName.toLowerCase();
  if (type === 'Note') return 'json';
  return (mimeType && mime.extension(mimeType)) || null;
}

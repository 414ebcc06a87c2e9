import contentDisposition from 'content-disposition';
import mime from 'mime-types';

const FALLBACK_NAME = 'download';
/** The extension people expect where the registry lists another one first. */
const preferredExtension: Record<string, string> = {
  'image/jpeg': 'jpg',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mpeg3': 'mp3',
  'audio/x-mpeg-3': 'mp3',
  'application/sla': 'stl',
};
/** 3D-model extensions of the upload rules (part2 §5) that the MIME registry does not know. */
const modelExtensions = new Set(['gltf2', 'pla']);

/**
 * The name a download is saved under: the file's name, with the content type's extension
 * appended when the name lacks an extension ("Site plan" + application/pdf → "Site plan.pdf",
 * "Budget v1.2" + application/pdf → "Budget v1.2.pdf"). A name that already ends with a known
 * extension is kept ("photo.JPG", and "house.obj" stored as text/plain as the upload rules do).
 * Names of unknown or generic types are kept as they are.
 */
export function downloadFileName(name: string, contentType: string | undefined): string {
  // Path separators and control characters never reach the saved name.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || FALLBACK_NAME;
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const extension = preferredExtension[type] ?? mime.extensions[type]?.[0];
  if (!extension || type === 'application/octet-stream' || hasKnownExtension(clean)) return clean;
  return `${clean}.${extension}`;
}

function hasKnownExtension(name: string): boolean {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  if (!m) return false;
  return mime.lookup(name) !== false || modelExtensions.has(m[1]!.toLowerCase());
}

/** Printable ASCII but `%`, `/` and `\`. */
const plainName = /^[\x20-\x24\x26-\x2e\x30-\x5b\x5d-\x7e]+$/;

/**
 * `attachment; filename="…"` for an ASCII name; otherwise an ASCII fallback plus
 * `filename*=UTF-8''…`, which browsers prefer. The header itself stays ASCII.
 */
export function attachmentDisposition(fileName: string): string {
  // The header of most names, written directly (a list page makes one per thumbnail): what the
  // library writes for printable ASCII without `/` or `\` (it keeps only a path's last part)
  // or `%` (which could read as an escape, so it adds `filename*`).
  if (plainName.test(fileName)) return `attachment; filename="${fileName.replace(/"/g, '\\"')}"`;
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(fileName, { type: 'attachment', fallback: ascii });
}

import type { FileType } from '@roomscale/shared';
import mime from 'mime-types';

/**
 * Magic-byte checks: the start of an upload must match the declared file type, so a renamed
 * executable is not served as an image. Kinds without a reliable signature (obj, stl, fbx…)
 * are accepted as they are.
 */
const starts = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at = 0) =>
  b.subarray(at, at + text.length).toString('latin1') === text;

const isPng = (b: Buffer) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg = (b: Buffer) => starts(b, [0xff, 0xd8, 0xff]);
const isGif = (b: Buffer) => ascii(b, 'GIF8');
const isWebp = (b: Buffer) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8);
const isPdf = (b: Buffer) => ascii(b, '%PDF-');
const isIsoMedia = (b: Buffer) => ascii(b, 'ftyp', 4);
const isAvi = (b: Buffer) => ascii(b, 'RIFF') && ascii(b, 'AVI ', 8);
const isWav = (b: Buffer) => ascii(b, 'RIFF') && ascii(b, 'WAVE', 8);
const isMatroska = (b: Buffer) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]);
const isFlv = (b: Buffer) => ascii(b, 'FLV');
const isMpegPs = (b: Buffer) => starts(b, [0, 0, 1]) && (b[3] === 0xba || b[3] === 0xb3);
const isMpegTs = (b: Buffer) => b[0] === 0x47 && (b.length < 189 || b[188] === 0x47);
const isMp3 = (b: Buffer) => ascii(b, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
const isOgg = (b: Buffer) => ascii(b, 'OggS');
const isFlac = (b: Buffer) => ascii(b, 'fLaC');
const isGlb = (b: Buffer) => ascii(b, 'glTF');
/** JSON text: an object after optional BOM and whitespace. */
const isJsonObject = (b: Buffer) => /^(\uFEFF)?\s*\{/.test(b.toString('utf8'));

/** The kind of content a file of this type and MIME type must hold, with its check. */
function expectation(type: FileType, mimeType: string | null, name: string) {
  const m = (mimeType ?? '').toLowerCase();
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  switch (type) {
    case 'Image':
      return { kind: 'image', ok: (b: Buffer) => isPng(b) || isJpeg(b) || isGif(b) || isWebp(b) };
    case 'Document':
      return { kind: 'PDF', ok: isPdf };
    case 'Video':
      return {
        kind: 'video',
        ok: (b: Buffer) =>
          isIsoMedia(b) || isAvi(b) || isMatroska(b) || isFlv(b) || isMpegPs(b) || isMpegTs(b),
      };
    case 'Audio':
      return {
        kind: 'audio',
        ok: (b: Buffer) => isMp3(b) || isWav(b) || isOgg(b) || isFlac(b) || isIsoMedia(b),
      };
    case 'Note':
      return { kind: 'note (JSON)', ok: isJsonObject };
    case 'Model3D':
      if (m === 'model/gltf-binary' || ext === 'glb') return { kind: 'GLB', ok: isGlb };
      if (m === 'model/gltf+json' || ext === 'gltf' || ext === 'gltf2') {
        return { kind: 'glTF', ok: isJsonObject };
      }
      return null;
    default:
      return null;
  }
}

/** Null when the head matches the type; otherwise the kind that was expected ("PDF", …). */
export function contentMismatch(
  type: FileType,
  mimeType: string | null,
  name: string,
  head: Buffer,
): string | null {
  const e = expectation(type, mimeType, name);
  if (!e) return null;
  return e.ok(head) ? null : e.kind;
}

/** The MIME type to record: the stored one, or the name's when storage has only a generic one. */
export function mimeTypeOf(stored: string | undefined, name: string): string | null {
  const s = (stored ?? '').split(';')[0]!.trim().toLowerCase();
  if (s && s !== 'application/octet-stream') return s;
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (ext === 'glb') return 'model/gltf-binary';
  if (ext === 'gltf' || ext === 'gltf2') return 'model/gltf+json';
  return mime.lookup(name) || s || null;
}

/** The extension of a file item: from its name, else from its MIME type; null for folders. */
export function fileExtensionOf(type: FileType, name: string, mimeType: string | null) {
  if (type === 'Folder') return null;
  const fromName = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1];
  if (fromName) return fromName.toLowerCase();
  if (type === 'Note') return 'json';
  return (mimeType && mime.extension(mimeType)) || null;
}

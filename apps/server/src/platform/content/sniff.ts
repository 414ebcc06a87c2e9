import { type FileFormat, type FileFormatId, fileFormats } from '@roomscale/shared';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What a stored object is, judged from its bytes alone: the first bytes (`head`), the last ones
 * (`tail`) and the size, never the whole object. Binary formats are recognised by `file-type`
 * (magic bytes and, where it knows them, their structure); the 3D-model and text formats it does
 * not know are checked here: GLB's header length, binary STL's size (84 + 50 × facets), ASCII
 * STL, OBJ statements, glTF's `asset.version`, FBX's binary and ASCII headers.
 */

export type Sample = { head: Buffer; tail: Buffer; size: number };

type FormatInfo = FileFormat;

/** The formats uploads may be: one table in packages/shared, which the web's picker reads too. */
export const formats = fileFormats;
export type FormatId = FileFormatId;
export type Sniffed = FormatInfo & { id: FormatId };

/** Every MIME type a sniffed object can be stored with. */
export const sniffedMimeTypes: ReadonlySet<string> = new Set(
  Object.values(formats).flatMap((f: FormatInfo) =>
    f.audioMime ? [f.mime, f.audioMime] : [f.mime],
  ),
);

/** Every extension of a known format: a name carrying one claims that format. */
export const knownExtensions: ReadonlySet<string> = new Set(
  Object.values(formats).flatMap((f: FormatInfo) => f.extensions),
);

/** file-type's extension → our format. */
const fromFileType: Record<string, FormatId> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  mp4: 'mp4',
  m4v: 'mp4',
  m4p: 'mp4',
  f4v: 'mp4',
  f4p: 'mp4',
  mov: 'mov',
  m4a: 'm4a',
  m4b: 'm4a',
  f4a: 'm4a',
  f4b: 'm4a',
  '3gp': '3gp',
  '3g2': '3g2',
  webm: 'webm',
  mkv: 'mkv',
  avi: 'avi',
  flv: 'flv',
  mpg: 'mpeg',
  mts: 'mpegts',
  mp3: 'mp3',
  mp2: 'mp3',
  mp1: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  flac: 'flac',
  glb: 'glb',
  fbx: 'fbx',
  '3mf': '3mf',
  zip: 'zip',
};

const sniffed = (id: FormatId): Sniffed => ({ id, ...formats[id] });

/** The format the bytes prove, or null when they are no format we know (or a broken one). */
export async function sniffContent(sample: Sample): Promise<Sniffed | null> {
  const { head, size } = sample;
  if (size === 0 || head.length === 0) return null;
  let detected: { ext: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(head);
  } catch {
    return null;
  }
  // file-type takes any text starting with "solid" for an STL: judged below instead.
  if (detected && detected.ext !== 'stl') {
    const id = fromFileType[detected.ext];
    if (!id) return null;
    if (id === 'glb' && !isWholeGlb(sample)) return null;
    return sniffed(id);
  }
  if (isBinaryStl(sample)) return sniffed('stl');
  const text = textOf(sample);
  if (text === null) return null;
  return sniffed(textFormat(text, sample));
}

/** GLB header: magic, version 1 or 2, and the total length that the object really has. */
function isWholeGlb({ head, size }: Sample) {
  if (head.length < 12) return false;
  const version = head.readUInt32LE(4);
  return (version === 1 || version === 2) && head.readUInt32LE(8) === size;
}

/** Binary STL: 80-byte header, facet count, then exactly 50 bytes a facet. */
function isBinaryStl({ head, size }: Sample) {
  if (size < 84 + 50 || head.length < 84) return false;
  return size === 84 + 50 * head.readUInt32LE(80);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Control bytes no text file holds (tab, line feed, form feed, carriage return, escape are fine). */
const isBinaryControl = (byte: number) =>
  byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b;

/** The head as text, or null when it is binary or not UTF-8 (a cut last character is fine). */
function textOf({ head, size }: Sample): string | null {
  if (head.some(isBinaryControl)) return null;
  const cut = head.length < size ? 3 : 0;
  for (let drop = 0; drop <= cut; drop++) {
    try {
      return utf8.decode(head.subarray(0, head.length - drop)).replace(/^\uFEFF/, '');
    } catch {
      // A multi-byte character cut by the end of the head: drop its bytes and try again.
    }
  }
  return null;
}

const OBJ_STATEMENTS = new Set([
  'v',
  'vt',
  'vn',
  'vp',
  'f',
  'l',
  'p',
  'o',
  'g',
  's',
  'mg',
  'usemtl',
  'mtllib',
  'cstype',
  'deg',
  'bmat',
  'step',
  'curv',
  'curv2',
  'surf',
  'parm',
  'trim',
  'hole',
  'scrv',
  'sp',
  'end',
  'con',
  'bevel',
  'c_interp',
  'd_interp',
  'lod',
  'maplib',
  'usemap',
  'shadow_obj',
  'trace_obj',
  'ctech',
  'stech',
  'call',
  'csh',
]);
const OBJ_GEOMETRY = new Set(['v', 'vt', 'vn', 'vp', 'f', 'l', 'p', 'o', 'g']);

function textFormat(text: string, sample: Sample): FormatId {
  const start = text.trimStart();
  const whole = sample.head.length >= sample.size;
  if (start.startsWith('{')) return jsonFormat(text, sample, whole);
  if (/^; FBX \d/.test(start)) return 'fbx';
  if (/^solid(\s|$)/.test(start)) {
    const tail = sample.tail.toString('latin1');
    if (/\bfacet\s+normal\b/.test(start) || /\bendsolid\b/.test(tail)) return 'stl';
  }
  if (isObj(text, whole)) return 'obj';
  return 'text';
}

function jsonFormat(text: string, sample: Sample, whole: boolean): FormatId {
  if (whole) {
    try {
      const value = JSON.parse(text) as { asset?: { version?: unknown } } | null;
      if (!value || typeof value !== 'object' || Array.isArray(value)) return 'text';
      return typeof value.asset === 'object' && typeof value.asset?.version === 'string'
        ? 'gltf'
        : 'json';
    } catch {
      return 'text';
    }
  }
  // Too large to parse from a sample: glTF writers put `asset` first (or last) in the object.
  const asset = /"asset"\s*:\s*\{[^{}]*"version"\s*:\s*"/;
  return asset.test(text) || asset.test(sample.tail.toString('utf8')) ? 'gltf' : 'json';
}

/** Every line an OBJ statement or a comment, with some geometry among them. */
function isObj(text: string, whole: boolean) {
  const lines = text.split(/\r?\n/);
  if (!whole) lines.pop(); // cut by the end of the sample
  let geometry = false;
  let continued = false;
  for (const raw of lines) {
    const line = raw.trim();
    const wasContinued = continued;
    continued = line.endsWith('\\');
    if (wasContinued || line === '' || line.startsWith('#')) continue;
    const statement = line.split(/\s+/, 1)[0]!;
    if (!OBJ_STATEMENTS.has(statement)) return false;
    if (OBJ_GEOMETRY.has(statement)) geometry = true;
  }
  return geometry;
}

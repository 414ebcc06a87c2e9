import type { FileType } from './files.ts';

/**
 * Every format an upload may be, in one table that the server's content check and the web's file
 * picker both read (part2 §5 Upload):
 * - `mime`: the type stored and served (`audioMime` when an MP4 or 3GP container holds sound only);
 * - `extensions`: those a name may carry for it (lower case, no dot);
 * - `kinds`: the file item types that take it — the spec's kinds, plus GIF/WebP images,
 *   WebM/MOV videos and Ogg/FLAC/M4A audio that browsers play (the VR app uploads them);
 * - `picker`: offered by the web's file picker: the types browsers report for it, and the
 *   extensions that pick it when the browser reports none of ours (3D files), uploaded as
 *   `uploadAs` (default `mime`).
 */
export type FileFormat = {
  mime: string;
  audioMime?: string;
  extensions: readonly string[];
  kinds: readonly FileType[];
  picker?: {
    browserTypes: readonly string[];
    byExtension?: readonly string[];
    uploadAs?: string;
  };
};

const ISO_MEDIA = ['mp4', 'm4v', 'm4a', 'm4b', 'mov', 'qt', '3gp', '3gpp', '3g2', 'f4v'];
const MATROSKA = ['mkv', 'webm', 'mka', 'mk3d'];
const ZIP = ['zip', '3mf'];
const AS_TEXT = 'text/plain';

export const fileFormats = {
  png: {
    mime: 'image/png',
    extensions: ['png'],
    kinds: ['Image'],
    picker: { browserTypes: ['image/png'] },
  },
  jpeg: {
    mime: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    kinds: ['Image'],
    picker: { browserTypes: ['image/jpeg'] },
  },
  gif: { mime: 'image/gif', extensions: ['gif'], kinds: ['Image'] },
  webp: { mime: 'image/webp', extensions: ['webp'], kinds: ['Image'] },
  pdf: {
    mime: 'application/pdf',
    extensions: ['pdf'],
    kinds: ['Document'],
    picker: { browserTypes: ['application/pdf'] },
  },
  mp4: {
    mime: 'video/mp4',
    audioMime: 'audio/mp4',
    extensions: ISO_MEDIA,
    kinds: ['Video', 'Audio'],
    picker: { browserTypes: ['video/mp4'] },
  },
  mov: { mime: 'video/quicktime', extensions: ISO_MEDIA, kinds: ['Video'] },
  m4a: { mime: 'audio/mp4', extensions: ISO_MEDIA, kinds: ['Audio'] },
  '3gp': {
    mime: 'video/3gpp',
    audioMime: 'audio/3gpp',
    extensions: ISO_MEDIA,
    kinds: ['Video', 'Audio'],
    picker: { browserTypes: ['video/3gpp'] },
  },
  '3g2': {
    mime: 'video/3gpp2',
    audioMime: 'audio/3gpp2',
    extensions: ISO_MEDIA,
    kinds: ['Video', 'Audio'],
  },
  webm: { mime: 'video/webm', extensions: MATROSKA, kinds: ['Video'] },
  mkv: {
    mime: 'video/x-matroska',
    extensions: MATROSKA,
    kinds: ['Video'],
    picker: { browserTypes: ['video/x-matroska'] },
  },
  avi: {
    mime: 'video/x-msvideo',
    extensions: ['avi'],
    kinds: ['Video'],
    picker: { browserTypes: ['video/x-msvideo'] },
  },
  flv: {
    mime: 'video/x-flv',
    extensions: ['flv'],
    kinds: ['Video'],
    picker: { browserTypes: ['video/x-flv'] },
  },
  mpeg: {
    mime: 'video/mpeg',
    extensions: ['mpg', 'mpeg', 'mpe', 'm1v', 'm2v', 'vob'],
    kinds: ['Video'],
    picker: { browserTypes: ['video/mpeg'] },
  },
  mpegts: { mime: 'video/mp2t', extensions: ['ts', 'mts', 'm2ts', 'm2t'], kinds: ['Video'] },
  mp3: {
    mime: 'audio/mpeg',
    extensions: ['mp3', 'mpga', 'mp2', 'm2a'],
    kinds: ['Audio'],
    picker: { browserTypes: ['audio/mpeg', 'audio/x-mpeg-3', 'audio/mpeg3'] },
  },
  wav: {
    mime: 'audio/wav',
    extensions: ['wav', 'wave'],
    kinds: ['Audio'],
    picker: { browserTypes: ['audio/wav', 'audio/x-wav'] },
  },
  ogg: { mime: 'audio/ogg', extensions: ['ogg', 'oga', 'opus', 'spx'], kinds: ['Audio'] },
  flac: { mime: 'audio/flac', extensions: ['flac'], kinds: ['Audio'] },
  glb: {
    mime: 'model/gltf-binary',
    extensions: ['glb'],
    kinds: ['Model3D'],
    picker: { browserTypes: ['model/gltf-binary'], byExtension: ['glb'] },
  },
  gltf: {
    mime: 'model/gltf+json',
    extensions: ['gltf', 'gltf2'],
    kinds: ['Model3D'],
    picker: { browserTypes: ['model/gltf+json'], byExtension: ['gltf', 'gltf2'] },
  },
  obj: {
    mime: 'model/obj',
    extensions: ['obj'],
    kinds: ['Model3D'],
    picker: { browserTypes: ['model/obj'], byExtension: ['obj'], uploadAs: AS_TEXT },
  },
  stl: {
    mime: 'model/stl',
    extensions: ['stl'],
    kinds: ['Model3D'],
    picker: {
      browserTypes: ['model/stl', 'application/sla'],
      byExtension: ['stl'],
      uploadAs: AS_TEXT,
    },
  },
  fbx: {
    mime: 'application/fbx',
    extensions: ['fbx'],
    kinds: ['Model3D'],
    picker: { browserTypes: ['application/fbx'], byExtension: ['fbx'], uploadAs: AS_TEXT },
  },
  '3mf': {
    mime: 'model/3mf',
    extensions: ZIP,
    kinds: ['Model3D'],
    picker: {
      browserTypes: [
        'model/3mf',
        'application/vnd.ms-package.3dmanufacturing-3dmodel+xml',
        'application/vnd.ms-3mfdocument',
      ],
      byExtension: ['3mf'],
    },
  },
  zip: {
    mime: 'application/zip',
    extensions: ZIP,
    kinds: ['Model3D'],
    picker: {
      browserTypes: ['application/zip', 'application/x-zip-compressed'],
      byExtension: ['zip'],
    },
  },
  json: { mime: 'application/json', extensions: ['json'], kinds: ['Note'] },
  /** Plain text that is none of the text formats above: a 3D model only under `.pla`. */
  text: {
    mime: AS_TEXT,
    extensions: ['txt', 'pla'],
    kinds: ['Model3D'],
    picker: { browserTypes: [], byExtension: ['pla'] },
  },
} as const satisfies Record<string, FileFormat>;

export type FileFormatId = keyof typeof fileFormats;

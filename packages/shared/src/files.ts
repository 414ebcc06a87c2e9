/**
 * Team files (part2 §3 File, §5 Upload, §9): enums with the spec's numbers, limits and texts.
 * Types, scopes and sources travel by name; their numbers are the positions below, which is
 * also what the database stores.
 */
export const FileTypes = [
  'Unknown',
  'Folder',
  'Image',
  'Video',
  'Document',
  'Model3D',
  'Note',
  'Audio',
] as const;
export type FileType = (typeof FileTypes)[number];

export const FileScopes = ['None', 'Organization', 'User', 'Guest', 'Demo', 'Template'] as const;
export type FileScope = (typeof FileScopes)[number];
/** The scopes a team member creates: the team's files and their own personal files. */
export const MemberFileScopes = ['Organization', 'User'] as const satisfies readonly FileScope[];

export const FileSources = ['VR', 'WebPlatform'] as const;
export type FileSource = (typeof FileSources)[number];

/** The number of an enum value: its position in the list. */
export const enumNumber = <T extends string>(list: readonly T[], name: T) => list.indexOf(name);

export const ProjectionModes = {
  Equirectangular: 10,
  EquirectangularTB: 12,
  EquirectangularLR: 14,
  Equirectangular180: 20,
  Equiangular: 30,
  EquiangularLR: 34,
  Cubemap: 40,
  None: -1,
} as const;

export const TranscodingStatus = {
  Running: 20,
  Failed: 50,
  Succeeded: 100,
  Unspecified: -1,
} as const;

export const FileSortOrders = [
  'NameAscending',
  'NameDescending',
  'CreatedAscending',
  'CreatedDescending',
  'ModifiedAscending',
  'ModifiedDescending',
  'TypeAscending',
  'TypeDescending',
] as const;
export type FileSortOrder = (typeof FileSortOrders)[number];

/** Property keys the clients use (part2 §3). */
export const FileProperties = {
  name: 'name',
  description: 'Description',
  duration: 'Duration',
  projectionMode: 'ProjectionMode',
  transcodingStatus: 'TranscodingStatus',
} as const;

export const NoteColors = [
  '#FFFF7A',
  '#A7E0A5',
  '#B2CAE4',
  '#C7BAD9',
  '#FAD1A9',
  '#FA7470',
  '#E2E2E2',
] as const;

export const fileLimits = {
  /** A file at or above this size is refused. */
  maxUploadBytes: 2147483648,
  nameMax: 255,
  pageSize: 18,
  recentPageSize: 24,
  dashboardPageSize: 12,
  maxPageSize: 100,
  /**
   * A list counts its items at most this far past the page asked for: past it `entryCount` is a
   * lower bound that promises another page (a team may hold 100,000 files).
   */
  countWindow: 1000,
  /** Ancestors a breadcrumb shows above the item; `hasMore` says when there are more. */
  breadcrumbAncestors: 3,
  propertiesMax: 50,
  propertyValueMax: 2000,
  /**
   * Bytes read from the start, and from the end, of an upload to tell what it is (magic bytes,
   * 3D-model headers, `endsolid`, glTF's `asset`); the rest is never read for the check.
   */
  sniffBytes: 65536,
  /** A finished upload no file item references is deleted this many days after it finished. */
  unreferencedUploadDays: 2,
  /** How often a list showing a video or audio still processing asks again. */
  processingListRefreshMs: 5_000,
  /** How often the lightbox asks again while its video is processing. */
  processingPreviewRefreshMs: 10_000,
} as const;

export const fileMessages = {
  notFound: 'Files not found',
  folderNotFound: 'The folder does not exist.',
  parentNotFolder: 'Files can only be placed in a folder.',
  folderHasNoContent: 'A folder has no uploaded content.',
  contentRequired: 'Upload the file first: the file address is required.',
  notOurUpload: 'The file address is not an upload of this team.',
  notGuestUpload: 'The file address is not one of your uploads.',
  readOnly: 'This file is read-only.',
  uploadMissing: 'The uploaded file was not found. Upload it again.',
  uploadInUse: 'This upload already belongs to another file. Upload the file again.',
  unknownType: 'File type not supported.',
  empty: (name: string) => `${name}: File is empty.`,
  tooLarge: (name: string, max: string) =>
    `${name}: File too large. Ensure the file is not larger than ${max}`,
  /** part2 §5 Upload: also what an upload whose bytes are not the declared kind gets. */
  typeNotSupported: (name: string) => `${name}: File type not supported.`,
  moveIntoItself: 'A folder cannot be moved into itself or one of its subfolders.',
  scopeOfParent: 'An item takes the scope of its folder; move it to change its scope.',
  noDownload: 'A folder cannot be downloaded.',
  videoFailed:
    'It looks like the video encoding has failed. The video could not be read. Please try again using a different video file.',
  videoProcessing: "We're getting your video ready for playback. Try again in a few minutes.",
} as const;

/** Labels of the projection modes (part2 §3), in the order the edit modal offers them. */
export const projectionModeLabels: Record<keyof typeof ProjectionModes, string> = {
  None: 'None',
  Equirectangular: 'Equirectangular',
  EquirectangularTB: 'Equirectangular top/bottom',
  EquirectangularLR: 'Equirectangular left/right',
  Equirectangular180: 'Equirectangular 180°',
  Equiangular: 'Equiangular',
  EquiangularLR: 'Equiangular left/right',
  Cubemap: 'Cubemap',
};

/** Notes (part2 §3 Note content, §5 Notes, §7 Thumbnails, §9). */
export const noteLimits = {
  maxChars: 124,
  /** Content taller than this many times the font size is refused. */
  maxLines: 7,
  /** A title longer than this is cut to `titleCut` characters plus '...'. */
  titleMax: 30,
  titleCut: 26,
  /** Size of the note image in the lightbox. */
  previewSize: 2048,
  /** The note file's content type. */
  contentType: 'application/json',
  /** Server backstop for the client's height rule: at most this many line breaks. */
  maxLineBreaks: 7,
  /** A note file larger than this is refused (124 characters with JSON escapes fit easily). */
  maxBytes: 4096,
} as const;

/** Why the server refuses a note's content (`errors.blobUri`). */
export const noteMessages = {
  tooLarge: 'The note file is too large.',
  notJson: 'The note is not a valid note file: it must be JSON with text and backgroundColor.',
  textRequired: 'The note text must be a string.',
  textTooLong: `The note text must be at most ${noteLimits.maxChars} characters.`,
  tooManyLines: 'The note text has too many lines.',
  colorInvalid: `The note color must be one of ${NoteColors.join(', ')}.`,
  unknownField: (name: string) => `The note has an unknown field: ${name}.`,
} as const;

/** Accessible names of the note colours, by `NoteColors` value. */
export const noteColorNames: Record<(typeof NoteColors)[number], string> = {
  '#FFFF7A': 'Yellow',
  '#A7E0A5': 'Green',
  '#B2CAE4': 'Blue',
  '#C7BAD9': 'Purple',
  '#FAD1A9': 'Orange',
  '#FA7470': 'Red',
  '#E2E2E2': 'Grey',
};

/** Browser-made thumbnails (part2 §7 Thumbnails, §9). */
export const previewThumbnail = { width: 480, type: 'image/jpeg', quality: 0.8 } as const;

/** Texts of the file lightbox, media detail, edit media and note editor (part2 §2, §4, §5, §8). */
export const fileViewerTexts = {
  close: 'Close',
  download: 'Download',
  processingVideo: 'Processing video',
  processingFailed: 'Processing failed',
  modelUnsupported: 'Only files of type gltf/glb are supported for preview',
  modelConvertAdvice:
    'Convert the model to GLB (for example with Blender or an online glTF converter) and upload it again to preview it here.',
  noPreview: 'This file cannot be previewed.',
  loadFailed: 'The preview could not be loaded.',
  pdfPage: (n: number, of: number) => `Page ${n} of ${of}`,
  pdfMore: (shown: number, of: number) =>
    `The first ${shown} of ${of} pages are shown. Download the document to see all of them.`,
  detailsTitle: 'Media detail',
  editTitle: 'Edit media',
  typeLabels: {
    Folder: 'folder',
    Image: 'image',
    Video: 'video',
    Model3D: '3d model',
    Document: 'document',
    Note: 'note',
  } as Partial<Record<FileType, string>>,
  unknownType: 'Unknown',
  scopeLabels: { Organization: 'Team files', User: 'Personal files' } as Partial<
    Record<FileScope, string>
  >,
  detail: {
    name: 'Name',
    type: 'Type',
    location: 'Location',
    created: 'Created',
    edited: 'Edited',
    size: 'Size',
    duration: 'Duration',
    description: 'Description',
    mode360: '360 mode',
    yes: 'Yes',
    by: (when: string, who: string) => `${when} by ${who}`,
  },
  edit: {
    name: 'Name',
    description: 'Description',
    projection: 'Projection',
    save: 'Save',
    cancel: 'Cancel',
  },
  note: {
    createTitle: 'New note',
    editTitle: 'Edit note',
    placeholder: 'Write your note',
    colour: 'Background colour',
    counter: (n: number, max: number) => `${n}/${max}`,
    tooLong: 'The note is full.',
    save: 'Save',
    cancel: 'Cancel',
    emptyTitle: 'Empty note',
    loadFailed: 'The note could not be loaded.',
  },
} as const;

/** Browser uploads (part2 §4 Upload flow, §5 Upload, §7 Thumbnails, §9). */
export const uploadLimits = {
  /** Chunks are a non-zero multiple of this many bytes (GCS resumable protocol). */
  chunkUnit: 262144,
  /** The resumable uploader's default chunk size. */
  defaultChunkBytes: 262144,
  /** What the upload queue sends per request: 32 units (8 MiB), fewer round trips. */
  queueChunkBytes: 262144 * 32,
  /** Waits before retrying a request answered with 500, 502, 503 or 504 (or not at all). */
  retryDelaysMs: [1000, 3000, 9000],
  /** A model snapshot gives up after this long; the upload goes on without a thumbnail. */
  modelSnapshotTimeoutMs: 15000,
  /** Loading a video or PDF for its thumbnail gives up after this long. */
  thumbnailTimeoutMs: 20000,
} as const;

/** Texts of the browser upload engine and queue (part2 §4, §5, §8). */
export const uploadMessages = {
  differentChunk:
    'A part of the file differs from what was uploaded before. Upload the file again.',
  alreadyUploaded: 'The file has already been uploaded to this address.',
  urlNotFound: 'The upload address has expired or is invalid. Start the upload again.',
  retryAdvised: (status: number) =>
    status === 0
      ? 'The storage server could not be reached. Please try again.'
      : `The storage server answered HTTP ${status}. Please try again.`,
  unknownResponse: (status: number) =>
    `The storage server gave an unknown response (HTTP ${status}).`,
  missingOptions: (missing: string[]) => `The upload is missing options: ${missing.join(', ')}.`,
  uploadIncomplete: 'The upload is not complete: the storage server is still waiting for bytes.',
  invalidChunkSize: (unit: number) => `The chunk size must be a non-zero multiple of ${unit}.`,
  alreadyFinished: 'This upload has already finished; start a new one.',
  cancelled: 'The upload was cancelled.',
  unsupportedType: fileMessages.typeNotSupported,
  failed: (name: string, error: string) => `${name}: An error occured: ${error}`,
  alreadyQueued: (name: string) => `${name}: This file is already being uploaded.`,
  activeUploadsWarning: 'Active uploads will be cancelled.',
  completed: 'Upload completed',
  /** The one grouped toast's text once more than one file has finished. */
  completedMany: (count: number, last: string) => `${count} files uploaded, the last ${last}`,
  panelTitle: 'Uploads',
  states: {
    Preparing: 'Preparing',
    Uploading: 'Uploading',
    Paused: 'Paused',
    Processing: 'Processing',
  },
  pause: (name: string) => `Pause upload of ${name}`,
  resume: (name: string) => `Resume upload of ${name}`,
  cancel: (name: string) => `Cancel upload of ${name}`,
} as const;

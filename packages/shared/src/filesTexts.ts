import type { FileSortOrder, FileType } from './files.ts';
import { routeTitles } from './routeTitles.ts';

/**
 * Copy of the Files screens and the dashboard's recent files (part2 §2, §4, §8). The spec's
 * server-side messages stay in files.ts (fileMessages); quoted spec texts are marked.
 */

/** The sort choices of the file library (part2 §3: labels Name, Created, Edited). */
export const fileSortChoices = [
  'NameAscending',
  'NameDescending',
  'CreatedDescending',
  'CreatedAscending',
  'ModifiedDescending',
  'ModifiedAscending',
] as const satisfies readonly FileSortOrder[];
export type FileSortChoice = (typeof fileSortChoices)[number];

export const filesTexts = {
  routeTitle: routeTitles.files,
  menu: {
    label: 'Files menu',
    recent: 'Recent files',
    recentNotes: 'Recent notes',
    personal: 'Personal files',
    team: 'Team files',
  },
  /** Scope names in the breadcrumb and the menu (part2 §2). */
  scopeLabels: { Organization: routeTitles.teamFiles, User: routeTitles.personalFiles },
  newMenu: {
    button: 'New',
    folder: 'Folder',
    upload: 'File upload',
    note: 'Note',
    disabledHint: 'Open Personal files or Team files to add folders, files and notes.',
  },
  home: {
    title: 'Files',
    intro: 'Prepare images, videos, 3D models, documents and notes for your VR meetings.',
    cards: {
      personal: { title: 'Personal files', text: 'Only you can see these files.' },
      team: { title: 'Team files', text: 'Shared with every member of your team.' },
      notes: { title: 'Recent notes', text: 'Notes and pictures made in the VR app.' },
    },
  },
  library: {
    intro: {
      Organization: 'Shared with every member of your team.',
      User: 'Only you can see these files.',
    },
    folders: 'Folders',
    files: 'Files',
    sortLabel: 'Sort by',
    loading: 'Loading files…',
    loadingMore: 'Loading more files…',
    loadMore: 'Load more',
    allLoaded: 'All items are shown',
    loadFailed: 'The files could not be loaded.',
    retry: 'Try again',
    /** part2 §2. */
    noMedia: '- No Media -',
    noMediaHint:
      'Upload files in the VR app, or use the New button to add a folder, upload files or write a note.',
    /** The error modal when the requested folder is not a folder (part2 §8). */
    notFound: 'Files not found',
  },
  sortLabels: {
    NameAscending: 'Name (A to Z)',
    NameDescending: 'Name (Z to A)',
    CreatedDescending: 'Created (newest first)',
    CreatedAscending: 'Created (oldest first)',
    ModifiedDescending: 'Edited (newest first)',
    ModifiedAscending: 'Edited (oldest first)',
  } satisfies Record<FileSortChoice, string>,
  recent: {
    title: routeTitles.recentFiles,
    intro: 'The newest files of your team and your personal files.',
    /** part2 §2. */
    empty: '- No files -',
  },
  recentNotes: {
    title: routeTitles.recentNotes,
    intro: 'The newest notes and pictures made in the VR app.',
    empty: 'No notes yet. Create notes and take pictures in the VR app to find them here.',
  },
  breadcrumb: {
    label: 'Folder path',
    more: 'More folders above',
  },
  card: {
    actions: (name: string) => `Actions for ${name}`,
    open: (name: string) => `Open ${name}`,
    items: (n: number) => (n === 1 ? '1 item' : `${n} items`),
    /** part2 §4 Video. */
    processing: 'Processing video',
    processingFailed: 'Processing failed',
  },
  typeLabels: {
    Unknown: 'File',
    Folder: 'Folder',
    Image: 'Image',
    Video: 'Video',
    Document: 'Document',
    Model3D: '3D model',
    Note: 'Note',
    Audio: 'Audio',
  } satisfies Record<FileType, string>,
  actions: {
    preview: 'Preview',
    download: 'Download',
    details: 'Details',
    edit: 'Edit',
    delete: 'Delete',
    open: 'Open',
    moveTo: 'Move to…',
  },
  remove: {
    title: 'Delete item',
    question: (name: string) => `Delete "${name}"? This cannot be undone.`,
    folderQuestion: (name: string) =>
      `Delete the folder "${name}" and everything in it? This cannot be undone.`,
    confirm: 'Delete',
    /** part2 §8 toasts. */
    done: 'Item removed',
    failed: 'Removal failed',
  },
  move: {
    /** part2 §4, §8 toasts. */
    done: 'Move succeeded',
    failed: 'Move failed',
    dropHint: (target: string) => `Drop to move into ${target}`,
  },
  /** 'Move to…': moving without drag and drop (keyboard and touch). */
  moveTo: {
    title: (name: string) => `Move "${name}"`,
    scopeLabel: 'Where to',
    pathLabel: 'Chosen folder',
    up: 'Up one folder',
    foldersIn: (place: string) => `Folders in ${place}`,
    openFolder: (name: string) => `Open ${name}`,
    itself: 'The item being moved',
    loading: 'Loading folders…',
    loadFailed: 'The folders could not be loaded.',
    retry: 'Try again',
    noFolders: 'No folders here.',
    more: 'More folders',
    alreadyHere: 'The item is already here.',
    moveHere: 'Move here',
    cancel: 'Cancel',
  },
  newFolder: {
    title: 'New folder',
    name: 'Name',
    placeholder: 'Folder name',
    create: 'Create folder',
    cancel: 'Cancel',
  },
  dashboard: {
    title: 'Recent files',
    subtitle: 'The newest files of your team and your personal files.',
    loading: 'Loading recent files…',
    failed: 'The recent files could not be loaded.',
    retry: 'Try again',
    emptyTitle: 'No files yet',
    emptyText: 'Upload images, videos, models and documents in Team files or Personal files.',
    viewAll: 'All files',
  },
} as const;

/** part2 §9: the files landing loads (but does not show) this many recent files. */
export const filesLandingRecentPageSize = 10;

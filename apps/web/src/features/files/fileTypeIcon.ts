import type { FileType } from '@roomscale/shared';
import {
  IconCube3dSphere,
  IconFile,
  IconFileTypePdf,
  IconFolder,
  IconMovie,
  IconMusic,
  IconNote,
  IconPhoto,
} from '@tabler/icons-react';

/** The icon and tint of each file type, where no thumbnail exists. */
export const fileTypeIcons: Record<FileType, { icon: typeof IconFile; color: string }> = {
  Unknown: { icon: IconFile, color: 'gray' },
  Folder: { icon: IconFolder, color: 'yellow' },
  Image: { icon: IconPhoto, color: 'teal' },
  Video: { icon: IconMovie, color: 'grape' },
  Document: { icon: IconFileTypePdf, color: 'red' },
  Model3D: { icon: IconCube3dSphere, color: 'indigo' },
  Note: { icon: IconNote, color: 'orange' },
  Audio: { icon: IconMusic, color: 'cyan' },
};

import {
  type FileItem,
  FileProperties,
  fileViewerTexts,
  ProjectionModes,
  TranscodingStatus,
} from '@roomscale/shared';
import { formatDateTime } from '../../../components/format.ts';

/**
 * Pure helpers of the file previews and modals: labels, dates, durations and the properties
 * the VR app and the server keep on a file (part2 §2 File modals, §3, §4 Video).
 */

type Properties = FileItem['properties'];

/** 'folder', 'image', 'video', '3d model', 'document', 'note', otherwise 'Unknown'. */
export const fileTypeLabel = (type: string) =>
  fileViewerTexts.typeLabels[type as keyof typeof fileViewerTexts.typeLabels] ??
  fileViewerTexts.unknownType;

/** 'Team files' or 'Personal files'; other scopes show their name. */
export const scopeLabel = (scope: string) =>
  fileViewerTexts.scopeLabels[scope as keyof typeof fileViewerTexts.scopeLabels] ?? scope;

/** A date with who made the change, when the name is known. */
export const formatChange = (iso: string | null, who: string | null) => {
  if (!iso) return null;
  const when = formatDateTime(iso);
  return who ? fileViewerTexts.detail.by(when, who) : when;
};

/** A number stored as a number or as text (the VR app writes strings). */
export function numberProperty(properties: Properties, key: string): number | null {
  const v = properties[key];
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Seconds as H:mm:ss, counted in UTC so no time zone offset creeps in; hours may pass 24. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The `Duration` property as H:mm:ss, or null when there is none. */
export function durationOf(properties: Properties): string | null {
  const d = numberProperty(properties, FileProperties.duration);
  return d === null ? null : formatDuration(d);
}

const projectionValues = new Set<number>(Object.values(ProjectionModes));

/** The projection mode number, None (-1) when unset or unknown. */
export function projectionOf(properties: Properties): number {
  const raw = properties[FileProperties.projectionMode];
  if (typeof raw === 'string' && raw in ProjectionModes) {
    return ProjectionModes[raw as keyof typeof ProjectionModes];
  }
  const n = numberProperty(properties, FileProperties.projectionMode);
  return n !== null && projectionValues.has(n) ? n : ProjectionModes.None;
}

/** '360 mode: Yes' is shown when a projection other than None is set. */
export const is360 = (properties: Properties) => projectionOf(properties) !== ProjectionModes.None;

export type PlaybackState = 'processing' | 'failed' | 'ready';

/** Video and audio: Running (20) is processing, Failed (50) failed, anything else plays. */
export function playbackState(properties: Properties): PlaybackState {
  const s = numberProperty(properties, FileProperties.transcodingStatus);
  if (s === TranscodingStatus.Running) return 'processing';
  if (s === TranscodingStatus.Failed) return 'failed';
  return 'ready';
}

/** The file's description, '' when none. */
export const descriptionOf = (properties: Properties) => {
  const d = properties[FileProperties.description];
  return typeof d === 'string' ? d : '';
};

type Previewed = Pick<FileItem, 'type' | 'mimeType' | 'fileExtension' | 'name'>;

const extensionOf = (f: Previewed) =>
  (f.fileExtension ?? /\.([A-Za-z0-9]+)$/.exec(f.name)?.[1] ?? '').toLowerCase();

/** Only GLB and glTF models can be shown in the 3D viewer (part2 §5). */
export function isGltfModel(f: Previewed): boolean {
  const mime = (f.mimeType ?? '').toLowerCase();
  if (mime === 'model/gltf-binary' || mime === 'model/gltf+json') return true;
  return ['glb', 'gltf', 'gltf2'].includes(extensionOf(f));
}

export const isPdf = (f: Previewed) =>
  (f.mimeType ?? '').toLowerCase() === 'application/pdf' || extensionOf(f) === 'pdf';

/**
 * Whether the context menu offers 'Preview': images, notes, videos, audio, PDF documents, and
 * 3D models (a model that is not GLB/glTF opens on the message that says so).
 */
export function isPreviewable(f: Previewed): boolean {
  switch (f.type) {
    case 'Image':
    case 'Note':
    case 'Video':
    case 'Audio':
    case 'Model3D':
      return true;
    case 'Document':
      return isPdf(f);
    default:
      return false;
  }
}

/** Media the projection selector applies to (part2 §5 Other file rules). */
export const hasProjection = (type: string) => type === 'Image' || type === 'Video';

/**
 * The properties saved by 'Edit media': the file's other properties kept (duration, processing
 * state…), Description and, for images and videos, ProjectionMode as text like the VR app
 * writes them. Blank description is removed.
 */
export function editedProperties(
  type: string,
  properties: Properties,
  edit: { description: string; projection: number },
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(properties)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) {
      out[k] = v as string | number | boolean | null;
    }
  }
  const description = edit.description.trim();
  if (description) out[FileProperties.description] = description;
  else delete out[FileProperties.description];
  if (hasProjection(type)) out[FileProperties.projectionMode] = String(edit.projection);
  return out;
}

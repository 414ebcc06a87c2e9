import { ProjectionModes } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import {
  durationOf,
  editedProperties,
  fileTypeLabel,
  formatChange,
  formatDuration,
  is360,
  isGltfModel,
  isPreviewable,
  playbackState,
  projectionOf,
  scopeLabel,
} from './format.ts';

const file = (type: string, name: string, mimeType: string | null = null) => ({
  type: type as never,
  name,
  mimeType,
  fileExtension: /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? null,
});

describe('labels', () => {
  it('names the types as the media detail shows them', () => {
    expect(fileTypeLabel('Folder')).toBe('folder');
    expect(fileTypeLabel('Model3D')).toBe('3d model');
    expect(fileTypeLabel('Note')).toBe('note');
    expect(fileTypeLabel('Audio')).toBe('Unknown');
    expect(fileTypeLabel('Unknown')).toBe('Unknown');
  });
  it('names the scopes', () => {
    expect(scopeLabel('Organization')).toBe('Team files');
    expect(scopeLabel('User')).toBe('Personal files');
  });
});

describe('dates and durations', () => {
  it('adds the name of who made the change', () => {
    const iso = new Date(2025, 10, 21, 14, 0, 0).toISOString();
    expect(formatChange(iso, 'Ada Lovelace')).toBe('21-11-2025 14:00:00 by Ada Lovelace');
    expect(formatChange(iso, null)).toBe('21-11-2025 14:00:00');
    expect(formatChange(null, 'Ada')).toBeNull();
  });
  it('formats a duration as H:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(65.7)).toBe('0:01:05');
    expect(formatDuration(3 * 3600 + 2 * 60 + 9)).toBe('3:02:09');
    expect(formatDuration(25 * 3600)).toBe('25:00:00');
  });
  it('reads the Duration property as a number or as text', () => {
    expect(durationOf({ Duration: 125.4 })).toBe('0:02:05');
    expect(durationOf({ Duration: '3600' })).toBe('1:00:00');
    expect(durationOf({})).toBeNull();
    expect(durationOf({ Duration: 'abc' })).toBeNull();
  });
});

describe('projection and playback', () => {
  it('is 360 only with a projection other than None', () => {
    expect(is360({ ProjectionMode: 10 })).toBe(true);
    expect(is360({ ProjectionMode: '40' })).toBe(true);
    expect(is360({ ProjectionMode: 'Cubemap' })).toBe(true);
    expect(is360({ ProjectionMode: -1 })).toBe(false);
    expect(is360({ ProjectionMode: '7' })).toBe(false);
    expect(is360({})).toBe(false);
    expect(projectionOf({ ProjectionMode: '14' })).toBe(ProjectionModes.EquirectangularLR);
  });
  it('maps the processing states', () => {
    expect(playbackState({ TranscodingStatus: 20 })).toBe('processing');
    expect(playbackState({ TranscodingStatus: '50' })).toBe('failed');
    expect(playbackState({ TranscodingStatus: 100 })).toBe('ready');
    expect(playbackState({ TranscodingStatus: -1 })).toBe('ready');
    expect(playbackState({})).toBe('ready');
  });
});

describe('previews', () => {
  it('knows GLB and glTF by extension or MIME type', () => {
    expect(isGltfModel(file('Model3D', 'chair.glb'))).toBe(true);
    expect(isGltfModel(file('Model3D', 'chair.gltf'))).toBe(true);
    expect(isGltfModel(file('Model3D', 'chair', 'model/gltf-binary'))).toBe(true);
    expect(isGltfModel(file('Model3D', 'chair.fbx'))).toBe(false);
    expect(isGltfModel(file('Model3D', 'chair.obj', 'text/plain'))).toBe(false);
  });
  it('offers Preview for media, notes, models and PDFs only', () => {
    expect(isPreviewable(file('Image', 'a.png'))).toBe(true);
    expect(isPreviewable(file('Note', 'Shopping'))).toBe(true);
    expect(isPreviewable(file('Video', 'a.mp4'))).toBe(true);
    expect(isPreviewable(file('Audio', 'a.mp3'))).toBe(true);
    expect(isPreviewable(file('Model3D', 'a.fbx'))).toBe(true);
    expect(isPreviewable(file('Document', 'a.pdf', 'application/pdf'))).toBe(true);
    expect(isPreviewable(file('Document', 'a.docx'))).toBe(false);
    expect(isPreviewable(file('Folder', 'Plans'))).toBe(false);
    expect(isPreviewable(file('Unknown', 'a.bin'))).toBe(false);
  });
});

describe('editedProperties', () => {
  it('keeps other properties and writes Description and ProjectionMode as text', () => {
    expect(
      editedProperties(
        'Video',
        { Duration: 12, TranscodingStatus: 100, Description: 'old' },
        { description: ' new ', projection: 20 },
      ),
    ).toEqual({ Duration: 12, TranscodingStatus: 100, Description: 'new', ProjectionMode: '20' });
  });
  it('drops a blank description and leaves projection off models', () => {
    expect(
      editedProperties('Model3D', { Description: 'old' }, { description: '', projection: 10 }),
    ).toEqual({});
  });
});

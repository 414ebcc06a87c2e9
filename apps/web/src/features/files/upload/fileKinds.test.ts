import { describe, expect, it } from 'vitest';
import { checkUpload, fileKindOf, uploadAccept } from './fileKinds.ts';

const file = (name: string, type = '', size = 10) => ({ name, type, size });

describe('fileKindOf', () => {
  it('takes the type from an accepted MIME type', () => {
    expect(fileKindOf(file('clip.mp4', 'video/mp4'))).toEqual({
      mimeType: 'video/mp4',
      type: 'Video',
    });
    expect(fileKindOf(file('a.mkv', 'video/x-matroska'))?.type).toBe('Video');
    expect(fileKindOf(file('p.PNG', 'image/png'))?.type).toBe('Image');
    expect(fileKindOf(file('p.jpg', 'image/jpeg'))?.type).toBe('Image');
    expect(fileKindOf(file('d.pdf', 'application/pdf'))?.type).toBe('Document');
    expect(fileKindOf(file('s.mp3', 'audio/mpeg'))?.type).toBe('Audio');
    expect(fileKindOf(file('s.wav', 'audio/wav'))?.type).toBe('Audio');
    expect(fileKindOf(file('m.bin', 'model/gltf-binary'))?.type).toBe('Model3D');
    expect(fileKindOf(file('m.zip', 'application/x-zip-compressed'))?.type).toBe('Model3D');
  });

  it('falls back to the extension when the browser gives no accepted type', () => {
    expect(fileKindOf(file('Chair.GLB'))).toEqual({
      mimeType: 'model/gltf-binary',
      type: 'Model3D',
    });
    expect(fileKindOf(file('chair.gltf'))).toEqual({
      mimeType: 'model/gltf+json',
      type: 'Model3D',
    });
    expect(fileKindOf(file('chair.gltf2'))).toEqual({
      mimeType: 'model/gltf+json',
      type: 'Model3D',
    });
    for (const ext of ['obj', 'fbx', 'stl', 'pla']) {
      expect(fileKindOf(file(`part.${ext}`, 'application/octet-stream'))).toEqual({
        mimeType: 'text/plain',
        type: 'Model3D',
      });
    }
    // Windows reports STL files with a certificate type.
    expect(fileKindOf(file('part.stl', 'application/vnd.ms-pki.stl'))?.type).toBe('Model3D');
    expect(fileKindOf(file('print.3mf'))).toEqual({ mimeType: 'model/3mf', type: 'Model3D' });
    expect(fileKindOf(file('scene.zip'))).toEqual({ mimeType: 'application/zip', type: 'Model3D' });
  });

  it('refuses what is neither accepted nor a known extension', () => {
    expect(fileKindOf(file('notes.txt', 'text/plain'))).toBeNull();
    expect(fileKindOf(file('anim.gif', 'image/gif'))).toBeNull();
    expect(fileKindOf(file('README'))).toBeNull();
  });

  it('offers the accepted types and extensions to the picker', () => {
    expect(uploadAccept.split(',')).toEqual(
      expect.arrayContaining([
        'video/mp4',
        'image/png',
        'application/pdf',
        '.glb',
        '.gltf',
        '.obj',
      ]),
    );
  });
});

describe('checkUpload', () => {
  it('gives the spec texts with the file name', () => {
    expect(checkUpload(file('notes.txt', 'text/plain'))).toEqual({
      ok: false,
      message: 'notes.txt: File type not supported.',
    });
    expect(checkUpload(file('empty.png', 'image/png', 0))).toEqual({
      ok: false,
      message: 'empty.png: File is empty.',
    });
    expect(checkUpload(file('huge.mp4', 'video/mp4', 2147483648))).toEqual({
      ok: false,
      message: 'huge.mp4: File too large. Ensure the file is not larger than 2 GB',
    });
  });

  it('accepts a file one byte under the limit', () => {
    expect(checkUpload(file('big.mp4', 'video/mp4', 2147483647))).toEqual({
      ok: true,
      mimeType: 'video/mp4',
      type: 'Video',
    });
  });

  it('checks the type before emptiness', () => {
    expect(checkUpload(file('x.exe', 'application/x-msdownload', 0))).toMatchObject({
      message: 'x.exe: File type not supported.',
    });
  });
});

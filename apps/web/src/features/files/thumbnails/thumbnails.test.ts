// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { thumbnailSize, withTimeout } from './canvas.ts';
import { isGltf, makeThumbnail } from './makeThumbnail.ts';

afterEach(() => vi.restoreAllMocks());

describe('thumbnailSize', () => {
  it('is 480 wide with the height in proportion', () => {
    expect(thumbnailSize(1920, 1080)).toEqual({ width: 480, height: 270 });
    expect(thumbnailSize(100, 200)).toEqual({ width: 480, height: 960 });
    expect(thumbnailSize(4000, 1)).toEqual({ width: 480, height: 1 });
  });

  it('refuses a source without size', () => {
    expect(() => thumbnailSize(0, 100)).toThrow();
    expect(() => thumbnailSize(Number.NaN, 100)).toThrow();
  });
});

describe('withTimeout', () => {
  it('passes the result through, or rejects when the work takes too long', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, 'Work')).resolves.toBe(7);
    await expect(withTimeout(new Promise(() => {}), 1, 'Work')).rejects.toThrow('Work timed out');
  });
});

describe('makeThumbnail', () => {
  it('never rejects: a file it cannot read gives no thumbnail and a log line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = new File([new Uint8Array([1, 2, 3])], 'broken.png', { type: 'image/png' });
    await expect(makeThumbnail(broken, 'Image')).resolves.toEqual({});
    expect(warn).toHaveBeenCalledWith('No thumbnail for broken.png', expect.anything());
  });

  it('makes none for types without one, nor for 3D formats other than glTF', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const obj = new File(['v 0 0 0'], 'part.obj', { type: '' });
    await expect(makeThumbnail(obj, 'Model3D')).resolves.toEqual({});
    await expect(makeThumbnail(obj, 'Unknown')).resolves.toEqual({});
    expect(warn).not.toHaveBeenCalled();
  });

  it('renders only GLB and glTF models', () => {
    expect(isGltf({ name: 'chair.glb', type: '' })).toBe(true);
    expect(isGltf({ name: 'chair.GLTF', type: '' })).toBe(true);
    expect(isGltf({ name: 'chair.gltf2', type: '' })).toBe(true);
    expect(isGltf({ name: 'chair', type: 'model/gltf-binary' })).toBe(true);
    expect(isGltf({ name: 'chair.fbx', type: 'text/plain' })).toBe(false);
  });
});

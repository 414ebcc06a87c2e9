import { describe, expect, it } from 'vitest';
import { type FileFormat, fileFormats } from './fileFormats.ts';

const all = Object.entries(fileFormats as Record<string, FileFormat>);

describe('the format table', () => {
  it('gives every browser type and picker extension to one format only', () => {
    const types = all.flatMap(([, f]) => f.picker?.browserTypes ?? []);
    const extensions = all.flatMap(([, f]) => f.picker?.byExtension ?? []);
    expect(new Set(types).size).toBe(types.length);
    expect(new Set(extensions).size).toBe(extensions.length);
  });

  it('lets a name pick a format only by an extension the format has', () => {
    for (const [id, f] of all) {
      for (const ext of f.picker?.byExtension ?? []) {
        expect({ id, ext, known: f.extensions.includes(ext) }).toEqual({ id, ext, known: true });
      }
    }
  });

  it('offers in the picker what the content check takes: the spec kinds of part2 §5', () => {
    const offered = all.filter(([, f]) => f.picker).flatMap(([, f]) => f.kinds[0]);
    expect(new Set(offered)).toEqual(new Set(['Image', 'Document', 'Video', 'Audio', 'Model3D']));
  });
});

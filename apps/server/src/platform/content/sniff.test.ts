import { describe, expect, it } from 'vitest';
import {
  exeBytes,
  fbxAsciiBytes,
  fbxBinaryBytes,
  gifBytes,
  glbBytes,
  gltfBytes,
  htmlBytes,
  jpegBytes,
  mp4Bytes,
  objBytes,
  pdfBytes,
  pngBytes,
  stlAsciiBytes,
  stlBinaryBytes,
} from '../../test/mediaFixtures.ts';
import { sniffContent } from './sniff.ts';

const whole = (b: Buffer) => ({ head: b, tail: b, size: b.length });
const idOf = async (sample: Parameters<typeof sniffContent>[0]) =>
  (await sniffContent(sample))?.id ?? null;

describe('sniffContent', () => {
  it.each([
    ['png', pngBytes()],
    ['jpeg', jpegBytes()],
    ['gif', gifBytes()],
    ['pdf', pdfBytes()],
    ['mp4', mp4Bytes()],
    ['glb', glbBytes()],
    ['gltf', gltfBytes()],
    ['obj', objBytes()],
    ['stl', stlBinaryBytes(4)],
    ['stl', stlBinaryBytes(1, 'solid but binary')],
    ['stl', stlAsciiBytes()],
    ['fbx', fbxBinaryBytes()],
    ['fbx', fbxAsciiBytes()],
    ['json', Buffer.from('{"text":"hi","backgroundColor":"#FFFF7A"}')],
    ['text', htmlBytes()],
    ['text', Buffer.from('just words\n')],
  ])('recognises %s', async (id, bytes) => {
    expect(await idOf(whole(bytes))).toBe(id);
  });

  it.each([
    ['an executable', exeBytes()],
    ['a GLB of another length', glbBytes(999)],
    [
      'a GLB of version 7',
      Buffer.concat([Buffer.from('glTF'), Buffer.from([7, 0, 0, 0, 12, 0, 0, 0])]),
    ],
    ['bytes that are not UTF-8 text', Buffer.from([0x41, 0xc3, 0x28, 0x41])],
    ['text with a NUL', Buffer.from('v 1 2 3\n\0')],
    ['nothing', Buffer.alloc(0)],
  ])('knows no format in %s', async (_, bytes) => {
    expect(await idOf(whole(bytes))).toBeNull();
  });

  it('tells a binary STL from a cut one by its size', async () => {
    const stl = stlBinaryBytes(3);
    expect(await idOf(whole(stl.subarray(0, stl.length - 1)))).not.toBe('stl');
  });

  it('judges an object larger than its sample from the head and the tail only', async () => {
    const size = 10_000_000;
    // An OBJ whose sample ends in the middle of a line.
    const obj = Buffer.from(`o Big\n${'v 0.125 0.25 0.5\n'.repeat(3000)}v 0.1`);
    expect(await idOf({ head: obj, tail: Buffer.from('f 1 2 3\n'), size })).toBe('obj');
    // A large glTF whose `asset` comes last, and a large JSON that is no glTF.
    const start = Buffer.from(`{"buffers":[{"uri":"data:application/octet-stream;base64,AAAA`);
    const gltfEnd = Buffer.from('AAAA"}],"asset":{"generator":"x","version":"2.0"}}');
    expect(await idOf({ head: start, tail: gltfEnd, size })).toBe('gltf');
    expect(await idOf({ head: start, tail: Buffer.from('AAAA"}]}'), size })).toBe('json');
    // An ASCII STL whose head shows no facet: its tail must close the solid.
    const solid = Buffer.from(`solid big\n${' '.repeat(1000)}`);
    expect(
      await idOf({ head: solid, tail: Buffer.from('endloop\nendfacet\nendsolid big\n'), size }),
    ).toBe('stl');
    expect(await idOf({ head: solid, tail: Buffer.from('more text\n'), size })).toBe('text');
    // A UTF-8 character cut by the end of the sample is still text.
    const cut = Buffer.from('# é\nv 1 2 3\n# é');
    expect(await idOf({ head: cut.subarray(0, cut.length - 1), tail: cut, size })).toBe('obj');
  });

  it('does not take an HTML page or a script for an OBJ', async () => {
    expect(await idOf(whole(Buffer.from('v 1 2 3\n<script>alert(1)</script>\n')))).toBe('text');
    expect(await idOf(whole(Buffer.from('var v = 1;\nf()\n')))).toBe('text');
  });
});

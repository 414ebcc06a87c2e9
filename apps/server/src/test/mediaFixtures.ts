import { crc32, deflateSync } from 'node:zlib';

/**
 * Small but well-formed files of every kind the files area accepts, built in memory, for the
 * content-sniffing tests (real structure, not just the first magic bytes).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 2×1 RGB PNG. */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const jpegBytes = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

export const gifBytes = () =>
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const pdfBytes = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );

/** The start of an ISO base media file (MP4): an `ftyp` box then an empty `free` box. */
export const mp4Bytes = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom\0\0\0\0isommp41'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('free'),
  ]);

const pad4 = (b: Buffer, fill: number) =>
  b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4), fill)]);

const gltfJson = {
  asset: { version: '2.0', generator: 'roomscale tests' },
  scenes: [{ nodes: [] }],
  scene: 0,
};

/** A GLB 2.0 container with one JSON chunk; `length` overrides the header's total length. */
export function glbBytes(length?: number): Buffer {
  const json = pad4(Buffer.from(JSON.stringify(gltfJson)), 0x20);
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.writeUInt32LE(json.length, 0);
  chunkHeader.write('JSON', 4, 'latin1');
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(length ?? 12 + 8 + json.length, 8);
  return Buffer.concat([header, chunkHeader, json]);
}

export const gltfBytes = () => Buffer.from(JSON.stringify(gltfJson, null, 2));

export const objBytes = () =>
  Buffer.from(
    [
      '# Blender v2.93 OBJ File',
      'mtllib cube.mtl',
      'o Triangle',
      'v 0.0 0.0 0.0',
      'v 1.0 0.0 0.0',
      'v 0.0 1.0 0.0',
      'vt 0 0',
      'vn 0.0 0.0 1.0',
      'usemtl Material',
      's off',
      'f 1/1/1 2/1/1 3/1/1',
      '',
    ].join('\r\n'),
  );

/** A binary STL of `triangles` facets: 80-byte header, count, 50 bytes a facet. */
export function stlBinaryBytes(triangles = 2, header = 'binary stl from tests'): Buffer {
  const head = Buffer.alloc(84);
  head.write(header, 0, 'latin1');
  head.writeUInt32LE(triangles, 80);
  return Buffer.concat([head, Buffer.alloc(50 * triangles, 1)]);
}

export const stlAsciiBytes = () =>
  Buffer.from(
    [
      'solid triangle',
      '  facet normal 0 0 1',
      '    outer loop',
      '      vertex 0 0 0',
      '      vertex 1 0 0',
      '      vertex 0 1 0',
      '    endloop',
      '  endfacet',
      'endsolid triangle',
      '',
    ].join('\n'),
  );

export function fbxBinaryBytes(): Buffer {
  const version = Buffer.alloc(4);
  version.writeUInt32LE(7400);
  return Buffer.concat([
    Buffer.from('Kaydara FBX Binary  \0', 'latin1'),
    Buffer.from([0x1a, 0x00]),
    version,
    Buffer.alloc(160),
  ]);
}

export const fbxAsciiBytes = () =>
  Buffer.from(
    '; FBX 7.4.0 project file\n; ----------------------------------------------------\n\nFBXHeaderExtension:  {\n\tFBXHeaderVersion: 1003\n}\n',
  );

/** The start of a Windows executable (DOS header, `MZ`). */
export function exeBytes(): Buffer {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  b.writeUInt16LE(0x90, 2);
  b.writeUInt32LE(0x80, 0x3c);
  b.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

export const htmlBytes = () =>
  Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>\n');

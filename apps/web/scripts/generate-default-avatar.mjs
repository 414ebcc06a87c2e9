// Writes public/avatars/default.glb: the default avatar 'Skip avatar creation' saves.
// A small valid binary glTF 2.0 made of boxes (torso, head, arms), no third-party asset.
// Run: node apps/web/scripts/generate-default-avatar.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/avatars/default.glb');

/** An axis-aligned box with flat normals: 24 vertices, 36 indices. */
function box([cx, cy, cz], [sx, sy, sz]) {
  const [hx, hy, hz] = [sx / 2, sy / 2, sz / 2];
  const faces = [
    {
      n: [1, 0, 0],
      c: [
        [1, -1, -1],
        [1, 1, -1],
        [1, 1, 1],
        [1, -1, 1],
      ],
    },
    {
      n: [-1, 0, 0],
      c: [
        [-1, -1, 1],
        [-1, 1, 1],
        [-1, 1, -1],
        [-1, -1, -1],
      ],
    },
    {
      n: [0, 1, 0],
      c: [
        [-1, 1, -1],
        [-1, 1, 1],
        [1, 1, 1],
        [1, 1, -1],
      ],
    },
    {
      n: [0, -1, 0],
      c: [
        [-1, -1, 1],
        [-1, -1, -1],
        [1, -1, -1],
        [1, -1, 1],
      ],
    },
    {
      n: [0, 0, 1],
      c: [
        [-1, -1, 1],
        [1, -1, 1],
        [1, 1, 1],
        [-1, 1, 1],
      ],
    },
    {
      n: [0, 0, -1],
      c: [
        [1, -1, -1],
        [-1, -1, -1],
        [-1, 1, -1],
        [1, 1, -1],
      ],
    },
  ];
  const positions = [];
  const normals = [];
  const indices = [];
  for (const [i, f] of faces.entries()) {
    for (const [x, y, z] of f.c) {
      positions.push(cx + x * hx, cy + y * hy, cz + z * hz);
      normals.push(...f.n);
    }
    const b = i * 4;
    indices.push(b, b + 1, b + 2, b, b + 2, b + 3);
  }
  return { positions, normals, indices };
}

// Meters, y up, facing +z: a head-and-torso avatar as VR meeting apps show them.
const parts = [
  { name: 'Torso', mesh: box([0, 1.25, 0], [0.42, 0.56, 0.22]), color: [0.25, 0.32, 0.71, 1] },
  { name: 'Head', mesh: box([0, 1.66, 0], [0.22, 0.24, 0.22]), color: [0.93, 0.78, 0.65, 1] },
  { name: 'LeftArm', mesh: box([-0.28, 1.22, 0], [0.1, 0.5, 0.12]), color: [0.25, 0.32, 0.71, 1] },
  { name: 'RightArm', mesh: box([0.28, 1.22, 0], [0.1, 0.5, 0.12]), color: [0.25, 0.32, 0.71, 1] },
];

const chunks = [];
let byteLength = 0;
const bufferViews = [];
const accessors = [];
function addView(bytes, target) {
  const pad = (4 - (byteLength % 4)) % 4;
  if (pad) chunks.push(Buffer.alloc(pad));
  byteLength += pad;
  bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.length, target });
  chunks.push(bytes);
  byteLength += bytes.length;
  return bufferViews.length - 1;
}
function addAccessor(array, type, componentType, extra = {}) {
  const typed = componentType === 5126 ? new Float32Array(array) : new Uint16Array(array);
  const view = addView(Buffer.from(typed.buffer), componentType === 5126 ? 34962 : 34963);
  const size = type === 'VEC3' ? 3 : 1;
  accessors.push({ bufferView: view, componentType, count: array.length / size, type, ...extra });
  return accessors.length - 1;
}
function bounds(positions) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], positions[i + k]);
      max[k] = Math.max(max[k], positions[i + k]);
    }
  }
  return { min, max };
}

const materials = [];
const meshes = [];
for (const part of parts) {
  const position = addAccessor(part.mesh.positions, 'VEC3', 5126, bounds(part.mesh.positions));
  const normal = addAccessor(part.mesh.normals, 'VEC3', 5126);
  const indices = addAccessor(part.mesh.indices, 'SCALAR', 5123);
  materials.push({
    name: `${part.name}Material`,
    pbrMetallicRoughness: { baseColorFactor: part.color, metallicFactor: 0, roughnessFactor: 0.8 },
  });
  meshes.push({
    name: part.name,
    primitives: [
      {
        attributes: { POSITION: position, NORMAL: normal },
        indices,
        material: materials.length - 1,
      },
    ],
  });
}

const gltf = {
  asset: { version: '2.0', generator: 'Roomscale generate-default-avatar.mjs' },
  scene: 0,
  scenes: [{ name: 'DefaultAvatar', nodes: [0] }],
  nodes: [
    { name: 'Avatar', children: parts.map((_, i) => i + 1) },
    ...parts.map((p, i) => ({ name: p.name, mesh: i })),
  ],
  meshes,
  materials,
  accessors,
  bufferViews,
  buffers: [{ byteLength }],
};

const padTo4 = (buf, fill) => {
  const pad = (4 - (buf.length % 4)) % 4;
  return pad ? Buffer.concat([buf, Buffer.alloc(pad, fill)]) : buf;
};
const json = padTo4(Buffer.from(JSON.stringify(gltf)), 0x20);
const bin = padTo4(Buffer.concat(chunks), 0);
const header = Buffer.alloc(12);
header.write('glTF', 0, 'ascii');
header.writeUInt32LE(2, 4);
header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
const chunkHeader = (length, type) => {
  const h = Buffer.alloc(8);
  h.writeUInt32LE(length, 0);
  h.write(type, 4, 'ascii');
  return h;
};
writeFileSync(
  out,
  Buffer.concat([
    header,
    chunkHeader(json.length, 'JSON'),
    json,
    chunkHeader(bin.length, 'BIN\0'),
    bin,
  ]),
);
console.log(`wrote ${out}`);

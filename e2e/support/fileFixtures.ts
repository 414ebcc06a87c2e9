import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Small, valid files of each kind the files area previews, made at run time in a temp
 * directory: a PNG, a one-page PDF, a one-triangle GLB and a short MP4 (Debian's ffmpeg).
 */

export type Fixture = { path: string; name: string; bytes: Buffer };

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `width` × `height` with a diagonal colour gradient and a dark square. */
export function pngBytes(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inSquare =
        x > width / 3 && x < (2 * width) / 3 && y > height / 3 && y < (2 * height) / 3;
      row[1 + x * 3] = inSquare ? 30 : Math.round((255 * x) / width);
      row[2 + x * 3] = inSquare ? 30 : Math.round((255 * y) / height);
      row[3 + x * 3] = inSquare ? 60 : 200;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page A5 PDF with a heading and a filled rectangle, with a correct xref table. */
export function pdfBytes(text = 'Roomscale quarterly plan'): Buffer {
  const content = `BT /F1 28 Tf 60 480 Td (${text}) Tj ET\n0.2 0.45 0.8 rg 60 120 300 260 re f\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const pad4 = (b: Buffer, fill: number) =>
  b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4), fill)]);

/** A glTF-binary (GLB 2.0) holding one coloured triangle: JSON chunk + BIN chunk. */
export function glbBytes(): Buffer {
  const positions = new Float32Array([-1, -1, 0, 1, -1, 0, 0, 1, 0]);
  const bin = pad4(Buffer.from(positions.buffer), 0);
  const gltf = {
    asset: { version: '2.0', generator: 'roomscale-e2e' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, material: 0 }] }],
    materials: [
      {
        pbrMetallicRoughness: { baseColorFactor: [0.9, 0.3, 0.2, 1], metallicFactor: 0 },
        doubleSided: true,
      },
    ],
    buffers: [{ byteLength: positions.byteLength }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 }],
    accessors: [
      {
        bufferView: 0,
        componentType: 5126,
        count: 3,
        type: 'VEC3',
        min: [-1, -1, 0],
        max: [1, 1, 0],
      },
    ],
  };
  const json = pad4(Buffer.from(JSON.stringify(gltf)), 0x20);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
  const chunkHeader = (length: number, type: string) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.write(type, 4, 'latin1');
    return h;
  };
  return Buffer.concat([
    header,
    chunkHeader(json.length, 'JSON'),
    json,
    chunkHeader(bin.length, 'BIN\0'),
    bin,
  ]);
}

/** A 2 s 320×240 H.264/AAC MP4 (test pattern and a tone) made by ffmpeg. */
export function mp4Bytes(dir: string): Buffer {
  const out = join(dir, 'ffmpeg-out.mp4');
  execFileSync(
    process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=320x240:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      out,
    ],
    { stdio: 'inherit' },
  );
  return readFileSync(out);
}

/**
 * A playable MP4 of about `megabytes` MB: the short clip followed by an ISO-BMFF `free` box of
 * random bytes, which players and ffprobe skip. Large enough for several upload chunks.
 */
export function largeMp4Bytes(clip: Buffer, megabytes: number): Buffer {
  const payload = randomBytes(megabytes * 1024 * 1024);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(payload.length + 8, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([clip, box, payload]);
}

/** Writes every fixture once into a fresh temp directory. */
export function makeFileFixtures() {
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-files-'));
  const write = (name: string, bytes: Buffer): Fixture => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return { path, name, bytes };
  };
  const clip = mp4Bytes(dir);
  return {
    dir,
    png: write('harbour-view.png', pngBytes()),
    pdf: write('quarterly-plan.pdf', pdfBytes()),
    glb: write('triangle-model.glb', glbBytes()),
    mp4: write('product-demo.mp4', clip),
    large: write('keynote-recording.mp4', largeMp4Bytes(clip, 26)),
  };
}

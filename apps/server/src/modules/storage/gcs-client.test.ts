import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Storage as GcsClient } from '@google-cloud/storage';
import { limits } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytes,
  type LiveApp,
  md5Base64,
  putRange,
  sha256,
  startLiveApp,
  startSession,
} from './testing.ts';

/**
 * Compatibility: Google's own Node client uploads to our local endpoint through a session URL,
 * exactly as it would to Cloud Storage, and validates the MD5 we report.
 */
let t: LiveApp;
let gcs: GcsClient;
beforeAll(async () => {
  t = await startLiveApp();
  // A custom endpoint makes the client send no credentials; the session URL is all it needs.
  gcs = new GcsClient({ apiEndpoint: t.origin, projectId: 'roomscale-test' });
});
afterAll(() => t.close());

async function uploadWithClient(
  data: Uint8Array,
  options: { chunkSize?: number },
  started?: Awaited<ReturnType<typeof startSession>>,
) {
  const { key, session } = started ?? (await startSession(t, { contentType: 'model/gltf-binary' }));
  const file = gcs.bucket('roomscale-local').file(key);
  const responses: number[] = [];
  const stream = file.createWriteStream({
    resumable: true,
    uri: session,
    validation: 'md5',
    metadata: { contentType: 'model/gltf-binary' },
    ...options,
  });
  stream.on('response', (res: { status: number }) => responses.push(res.status));
  await pipeline(Readable.from(chunked(data, 100_000)), stream);
  const stored = await readFile(join(t.config.dataDir, 'files', 'objects', key));
  return { file, stored, responses };
}

function* chunked(data: Uint8Array, size: number) {
  for (let i = 0; i < data.length; i += size) yield Buffer.from(data.subarray(i, i + size));
}

describe('@google-cloud/storage against the local endpoint', () => {
  it('uploads in 262144-byte chunks, following our 308 ranges', async () => {
    const data = bytes(3 * limits.uploadChunkBytes + 12_345);
    const { file, stored, responses } = await uploadWithClient(data, {
      chunkSize: limits.uploadChunkBytes,
    });
    expect(sha256(stored)).toBe(sha256(data));
    expect(responses).toEqual([308, 308, 308, 200]);
    expect(Number(file.metadata.size)).toBe(data.length);
    expect(file.metadata.md5Hash).toBe(md5Base64(data));
  });

  it('resumes an upload begun elsewhere from the range our status query reports', async () => {
    const chunk = limits.uploadChunkBytes;
    const data = bytes(4 * chunk);
    const started = await startSession(t, { contentType: 'model/gltf-binary' });
    const first = await putRange(
      started.session,
      `bytes 0-${2 * chunk - 1}/*`,
      data.subarray(0, 2 * chunk),
    );
    expect(first.status).toBe(308);
    const { stored, responses } = await uploadWithClient(data, { chunkSize: chunk }, started);
    expect(sha256(stored)).toBe(sha256(data));
    // Only the two missing chunks travel.
    expect(responses).toEqual([308, 200]);
  });

  it('uploads a stream of unknown length in a single request', async () => {
    const data = bytes(1_000_000);
    const { stored, responses } = await uploadWithClient(data, {});
    expect(sha256(stored)).toBe(sha256(data));
    expect(responses).toEqual([200]);
  });
});

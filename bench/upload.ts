/**
 * `npm run bench:upload`: uploads 1 GiB over loopback in 8 MiB chunks through the local storage
 * endpoint of a real server process (GCS resumable protocol), and the same bytes with the same
 * client to a plain node:http server that pipes each PUT body to disk (run in a worker thread of
 * this process, so each server has a thread of its own). Prints MB/s of both, their ratio and
 * the server's peak RSS growth. Targets: at least 70% of the baseline, under 100 MB of growth.
 *
 * BENCH_BYTES (default 1 GiB) and BENCH_ROUNDS (default 3; the best round of each counts).
 */
import { execSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { storageSecret, UrlSigner } from '../apps/server/src/platform/storage/local/signing.ts';
import { limits } from '../packages/shared/src/index.ts';
import { startServer, stop } from './lib/server.ts';

const TOTAL = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK = 8 * 1024 * 1024;
if (CHUNK % limits.uploadChunkBytes !== 0) throw new Error('chunk is not a multiple of 262144');

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const pattern = randomBytes(CHUNK);

/** Chunk `i` of the upload: the pattern stamped with its index, so no two chunks are alike. */
function chunk(i: number): Buffer {
  pattern.writeUInt32BE(i, 0);
  return pattern.subarray(0, Math.min(CHUNK, TOTAL - i * CHUNK));
}
const chunkCount = Math.ceil(TOTAL / CHUNK);

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** PUTs every chunk to `session`; returns the seconds taken and the last answer. */
async function putAll(session: string): Promise<{ seconds: number; last: Answer }> {
  const began = process.hrtime.bigint();
  let last: Answer | null = null;
  for (let i = 0; i < chunkCount; i++) {
    const body = chunk(i);
    const start = i * CHUNK;
    last = await send(
      session,
      'PUT',
      {
        'content-range': `bytes ${start}-${start + body.length - 1}/${TOTAL}`,
        'content-length': String(body.length),
      },
      body,
    );
    const expected = i === chunkCount - 1 ? 200 : 308;
    if (last.status !== expected) {
      throw new Error(`chunk ${i}: ${last.status} instead of ${expected}: ${last.body}`);
    }
  }
  return { seconds: Number(process.hrtime.bigint() - began) / 1e9, last: last! };
}

/** Resident memory of a process in bytes (VmRSS or VmHWM of /proc/<pid>/status). */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** One upload through the local storage endpoint: start, then the chunks. */
async function uploadToRoomscale(origin: string, signer: UrlSigner) {
  const key = `org/bench/${randomBytes(8).toString('hex')}`;
  const query = signer.sign({ method: 'POST', key, now: new Date(), expiresInSeconds: 600 });
  const started = await send(`${origin}/api/Storage/b/${key}?${query}`, 'POST', {
    'x-goog-resumable': 'start',
    'content-type': 'application/octet-stream',
  });
  if (started.status !== 201) throw new Error(`start: ${started.status} ${started.body}`);
  const session = started.headers.location as string;
  const { seconds, last } = await putAll(session);
  const meta = JSON.parse(last.body) as { size: string; md5Hash: string };
  return { seconds, meta };
}

/** The baseline: node:http writing each PUT body to disk at its offset, nothing more. */
const baselineSource = `
const { createServer } = require('node:http');
const { createWriteStream, writeFileSync } = require('node:fs');
const { pipeline } = require('node:stream/promises');
const { parentPort, workerData } = require('node:worker_threads');
const server = createServer(async (req, res) => {
  const m = /^bytes (\\d+)-(\\d+)\\/(\\d+)$/.exec(req.headers['content-range'] || '');
  if (req.method !== 'PUT' || !m) { res.statusCode = 400; res.end(); return; }
  const start = Number(m[1]);
  if (start === 0) writeFileSync(workerData.file, '');
  await pipeline(req, createWriteStream(workerData.file, { flags: 'r+', start }));
  res.statusCode = Number(m[2]) + 1 === Number(m[3]) ? 200 : 308;
  res.end();
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

async function startBaseline(file: string) {
  const worker = new Worker(baselineSource, { eval: true, workerData: { file } });
  const port = await new Promise<number>((done) => worker.once('message', done));
  return { worker, origin: `http://127.0.0.1:${port}` };
}

const mbps = (seconds: number) => TOTAL / 1e6 / seconds;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

async function main() {
  const expectedMd5 = createHash('md5');
  for (let i = 0; i < chunkCount; i++) expectedMd5.update(chunk(i));
  const md5 = expectedMd5.digest('base64');

  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-upload-'));
  const secret = randomBytes(32).toString('hex');
  const signer = new UrlSigner(storageSecret(secret));
  const server = await startServer(join(dir, 'data'), { JWT_SECRET: secret });
  const baseline = await startBaseline(join(dir, 'baseline.bin'));
  const pid = server.child.pid!;
  try {
    process.stdout.write(
      `Uploading ${mb(TOTAL)} MB in ${CHUNK / 1024 / 1024} MiB chunks over loopback, ${ROUNDS} rounds\n`,
    );
    const results = { roomscale: [] as number[], baseline: [] as number[] };
    let peakGrowth = 0;
    // Round 0 warms both servers up (JIT, first allocations) and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      // Each run starts with the previous run's bytes flushed, so neither pays for the other's
      // writeback; the order alternates too.
      const runBaseline = async () => {
        execSync('sync');
        return putAllTo(baseline.origin);
      };
      const base = round % 2 === 0 ? await runBaseline() : 0;
      execSync('sync');
      const before = memory(pid, 'VmRSS');
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, memory(pid, 'VmRSS'));
      }, 20);
      const run = await uploadToRoomscale(server.origin, signer);
      clearInterval(sampler);
      peak = Math.max(peak, memory(pid, 'VmRSS'));
      if (run.meta.size !== String(TOTAL) || run.meta.md5Hash !== md5) {
        throw new Error(`stored object differs: ${JSON.stringify(run.meta)}`);
      }
      rmSync(join(dir, 'data', 'files', 'objects'), { recursive: true, force: true });
      const baseSeconds = round % 2 === 0 ? base : await runBaseline();
      const line = `roomscale ${mbps(run.seconds).toFixed(0)} MB/s, baseline ${mbps(baseSeconds).toFixed(0)} MB/s, server RSS ${mb(before)} → peak ${mb(peak)} MB`;
      if (round === 0) {
        process.stdout.write(`warm-up: ${line}\n`);
        continue;
      }
      results.baseline.push(mbps(baseSeconds));
      results.roomscale.push(mbps(run.seconds));
      peakGrowth = Math.max(peakGrowth, peak - before);
      process.stdout.write(`round ${round}: ${line}\n`);
    }
    const best = (xs: number[]) => Math.max(...xs);
    const ratio = best(results.roomscale) / best(results.baseline);
    const paired = results.roomscale.map((r, i) => r / results.baseline[i]!).sort((a, b) => a - b);
    const median = paired[Math.floor(paired.length / 2)]!;
    const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
    process.stdout.write(
      [
        '',
        `roomscale local storage : ${best(results.roomscale).toFixed(0)} MB/s (best of ${ROUNDS})`,
        `baseline node:http      : ${best(results.baseline).toFixed(0)} MB/s (best of ${ROUNDS})`,
        `ratio                   : ${pct(ratio)} best to best, ${pct(median)} median of rounds (target ≥ 70%) ${ratio >= 0.7 ? 'OK' : 'BELOW TARGET'}`,
        `server peak RSS growth  : ${mb(peakGrowth)} MB (target < 100 MB) ${peakGrowth < 100e6 ? 'OK' : 'ABOVE TARGET'}; VmHWM ${mb(memory(pid, 'VmHWM'))} MB`,
        '',
      ].join('\n'),
    );
  } finally {
    await stop(server.child);
    await baseline.worker.terminate();
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function putAllTo(origin: string): Promise<number> {
  const { seconds } = await putAll(`${origin}/baseline`);
  return seconds;
}

await main();

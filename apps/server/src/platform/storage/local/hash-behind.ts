import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * MD5 of upload sessions, computed behind the writes by a worker thread that reads the bytes
 * back from the part file (the page cache) as they land. Hashing in the request path halved the
 * upload throughput; here it runs beside it, and memory stays flat because the data is never
 * copied between threads. A rewind below what was hashed restarts that session's hash.
 */
const workerSource = `
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const { parentPort } = require('node:worker_threads');
const sessions = new Map();
const block = Buffer.allocUnsafe(1 << 20);

function catchUp(id, path, size) {
  let s = sessions.get(id);
  if (!s) { s = { hash: createHash('md5'), offset: 0 }; sessions.set(id, s); }
  if (s.offset >= size) return s;
  const fd = openSync(path, 'r');
  try {
    while (s.offset < size) {
      const n = readSync(fd, block, 0, Math.min(block.length, size - s.offset), s.offset);
      if (n === 0) break;
      s.hash.update(block.subarray(0, n));
      s.offset += n;
    }
  } finally {
    closeSync(fd);
  }
  return s;
}

parentPort.on('message', (m) => {
  try {
    if (m.type === 'progress') catchUp(m.id, m.path, m.size);
    else if (m.type === 'truncate') {
      const s = sessions.get(m.id);
      if (s && s.offset > m.size) sessions.delete(m.id);
    } else if (m.type === 'drop') sessions.delete(m.id);
    else if (m.type === 'digest') {
      const s = catchUp(m.id, m.path, m.size);
      sessions.delete(m.id);
      if (s.offset !== m.size) throw new Error('the part file is shorter than its size');
      parentPort.postMessage({ request: m.request, md5: s.hash.digest('base64') });
    }
  } catch (e) {
    sessions.delete(m.id);
    if (m.type === 'digest') parentPort.postMessage({ request: m.request, error: String(e) });
  }
});
`;

type Message =
  | { type: 'progress'; id: string; path: string; size: number }
  | { type: 'truncate'; id: string; size: number }
  | { type: 'drop'; id: string }
  | { type: 'digest'; id: string; path: string; size: number; request: number };

type Reply = { request: number; md5?: string; error?: string };

export class HashBehind {
  private worker: Worker | null = null;
  private failed = false;
  private nextRequest = 1;
  private readonly waiting = new Map<number, (md5: string | null) => void>();

  /** The first `size` bytes of the part file are final: hash them when there is time. */
  progress(id: string, path: string, size: number) {
    this.post({ type: 'progress', id, path, size });
  }

  /** The part file was cut to `size` bytes (a client resent earlier bytes). */
  truncate(id: string, size: number) {
    this.post({ type: 'truncate', id, size });
  }

  drop(id: string) {
    this.post({ type: 'drop', id });
  }

  /** Base64 MD5 of the first `size` bytes; hashed here if the worker is unavailable. */
  async digest(id: string, path: string, size: number): Promise<string> {
    const worker = this.ensureWorker();
    if (worker) {
      const request = this.nextRequest++;
      const md5 = await new Promise<string | null>((resolve) => {
        this.waiting.set(request, resolve);
        worker.postMessage({ type: 'digest', id, path, size, request } satisfies Message);
      });
      if (md5) return md5;
    }
    const hash = createHash('md5');
    if (size === 0) return hash.digest('base64');
    for await (const chunk of createReadStream(path, { end: size - 1 }))
      hash.update(chunk as Buffer);
    return hash.digest('base64');
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.failed = true;
    this.worker = null;
    await worker?.terminate();
  }

  private post(message: Message) {
    this.ensureWorker()?.postMessage(message);
  }

  private ensureWorker(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    const worker = new Worker(workerSource, { eval: true });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      this.waiting.get(reply.request)?.(reply.md5 ?? null);
      this.waiting.delete(reply.request);
    });
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
    this.worker = worker;
    return worker;
  }

  /** Without the worker, digests fall back to hashing in this thread. */
  private fail() {
    this.failed = true;
    this.worker = null;
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}

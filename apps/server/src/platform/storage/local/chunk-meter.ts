import { type Readable, Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How often a long body reports its progress (for hashing behind the writes). */
const PROGRESS_EVERY = 4 * 1024 * 1024;

/**
 * Counts the bytes of a chunk on their way to disk and refuses more than `allowed`; every few
 * MiB it reports how many have passed.
 */
export class ChunkMeter extends Transform {
  received = 0;
  overflow = false;
  private reported = 0;

  constructor(
    private readonly allowed: number,
    private readonly onProgress: (received: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.received + chunk.length > this.allowed) {
      this.overflow = true;
      done(new Error('The body is longer than its range'));
      return;
    }
    this.received += chunk.length;
    if (this.received - this.reported >= PROGRESS_EVERY) {
      this.reported = this.received;
      this.onProgress(this.received);
    }
    done(null, chunk);
  }
}

/**
 * Streams a request body through the meter into the file. The body is piped in rather than made
 * part of the pipeline, so that refusing it (longer than its range) leaves the request open for
 * a 400 answer instead of resetting the connection; a body cut off by the client fails it.
 */
export async function streamBody(
  body: Readable | null,
  meter: ChunkMeter,
  out: Writable,
): Promise<void> {
  const done = pipeline(meter, out);
  if (!body) {
    meter.end();
    return done;
  }
  const cutOff = (error?: Error) => meter.destroy(error ?? new Error('The body was cut off'));
  const onClose = () => {
    if (!body.readableEnded) cutOff();
  };
  body.once('error', cutOff);
  body.once('close', onClose);
  body.pipe(meter);
  try {
    await done;
  } finally {
    body.off('error', cutOff);
    body.off('close', onClose);
    body.unpipe(meter);
  }
}

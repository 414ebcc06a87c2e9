import { limits } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { LOCAL_STORAGE_PATH, LocalStorage } from '../../platform/storage/local/local-storage.ts';
import { download } from './download.ts';
import { place } from './request.ts';
import { putChunk, startUpload } from './upload.ts';

/**
 * The local storage driver's endpoint: Google Cloud Storage's resumable upload and signed
 * download, at `/api/Storage/b/{key}`. Public routes: the signature (start, download) or the
 * upload id (chunks) is the authorisation. With the GCS driver the browser talks to Google and
 * these routes do not exist.
 */
export function storageRoutes(app: FastifyInstance, ctx: AppContext) {
  const storage = ctx.storage;
  if (!(storage instanceof LocalStorage)) return;

  // Bodies are handed over as the raw request stream, never buffered: chunks go straight to disk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const url = `${LOCAL_STORAGE_PATH}*`;
  const config = { access: 'public' } as const;
  // Stored bytes go out as they are: Range answers and their lengths must address the object.
  const compress = false;

  app.post(
    url,
    {
      config,
      compress,
      schema: { tags: ['Storage'], summary: 'Start a resumable upload (signed address)' },
    },
    (req, reply) => startUpload(ctx, storage, place(req), req, reply),
  );
  app.put(
    url,
    {
      config,
      compress,
      bodyLimit: limits.maxUploadBytes,
      schema: { tags: ['Storage'], summary: 'Upload a chunk, or query an upload session' },
    },
    (req, reply) => putChunk(ctx, storage, place(req), req, reply),
  );
  app.route({
    method: ['GET', 'HEAD'],
    url,
    config,
    compress,
    schema: { tags: ['Storage'], summary: 'Download a file (signed address, Range support)' },
    handler: (req, reply) => download(ctx, storage, place(req), req, reply),
  });
}

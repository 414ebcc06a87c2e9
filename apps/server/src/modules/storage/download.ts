import { createReadStream } from 'node:fs';
import { storageMessages } from '@roomscale/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { AppContext } from '../../context.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/problem.ts';
import type { LocalStorage } from '../../platform/storage/local/local-storage.ts';
import type { Place } from './request.ts';

/**
 * `GET` (or `HEAD`) of a signed download address: the object streamed from disk, one byte range
 * when asked (video seeking), always as an attachment that the browser must not sniff or run.
 */
export async function download(
  ctx: AppContext,
  storage: LocalStorage,
  at: Place,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const valid = storage.signer.verify({
    method: 'GET',
    key: at.key,
    query: at.query,
    contentType: undefined,
    now: ctx.clock.now(),
  });
  if (!valid) throw forbidden(storageMessages.badSignature);
  const meta = await storage.objects.meta(at.key);
  if (!meta) throw notFound(storageMessages.objectNotFound);

  const etag = `"${Buffer.from(meta.md5, 'base64').toString('hex')}"`;
  const lastModified = new Date(meta.created).toUTCString();
  reply
    .header('content-type', at.query.get('response-content-type') ?? meta.contentType)
    .header('content-disposition', at.query.get('response-content-disposition') ?? 'attachment')
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private')
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('x-content-type-options', 'nosniff')
    // Whatever was uploaded, it never runs as a page of this origin.
    .header('content-security-policy', "default-src 'none'; sandbox");

  let start = 0;
  let end = meta.size - 1;
  const asked = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (asked && meta.size > 0 && (!ifRange || ifRange === etag || ifRange === lastModified)) {
    const ranges = rangeParser(meta.size, asked, { combine: true });
    if (ranges === -1) {
      const error = new HttpError(416, storageMessages.unsatisfiableRange) as HttpError & {
        headers?: Record<string, string>;
      };
      error.headers = { 'content-range': `bytes */${meta.size}` };
      throw error;
    }
    // A malformed header or several ranges: the whole object, as RFC 9110 allows.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      start = ranges[0]!.start;
      end = ranges[0]!.end;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${meta.size}`);
    }
  }
  reply.header('content-length', String(end - start + 1));
  if (req.method === 'HEAD' || meta.size === 0) return reply.send();
  return reply.send(createReadStream(storage.objects.dataPath(at.key), { start, end }));
}

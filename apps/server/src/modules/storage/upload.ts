import { storageMessages } from '@roomscale/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/http/problem.ts';
import {
  type ContentRange,
  parseContentRange,
  storedRangeHeader,
} from '../../platform/storage/content-range.ts';
import type { LocalStorage } from '../../platform/storage/local/local-storage.ts';
import type { ObjectMeta } from '../../platform/storage/local/objects.ts';
import { isSessionId } from '../../platform/storage/local/session-files.ts';
import { bodyStream, type Place } from './request.ts';

/** The bucket name the local driver reports in object metadata. */
export const LOCAL_BUCKET = 'roomscale-local';
/** A chunk whose body stalls this long is cut off; its bytes so far stay stored. */
const BODY_IDLE_MS = 120_000;
const contentTypePattern = /^[a-z0-9!#$&^_.+-]{1,100}\/[a-z0-9!#$&^_.+-]{1,100}(\s*;.{0,150})?$/i;

/** `POST` with `x-goog-resumable: start` to a signed upload address → 201 and the session URL. */
export async function startUpload(
  ctx: AppContext,
  storage: LocalStorage,
  at: Place,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  bodyStream(req)?.resume();
  const signedFor = req.headers['content-type'];
  const valid = storage.signer.verify({
    method: 'POST',
    key: at.key,
    query: at.query,
    contentType: signedFor,
    now: ctx.clock.now(),
  });
  if (!valid) throw forbidden(storageMessages.badSignature);
  if (header(req, 'x-goog-resumable')?.toLowerCase() !== 'start' || at.query.has('upload_id')) {
    throw badRequest(storageMessages.missingResumableStart);
  }
  const contentType = (
    header(req, 'x-upload-content-type') ??
    signedFor ??
    'application/octet-stream'
  ).trim();
  if (!contentTypePattern.test(contentType)) throw badRequest(storageMessages.badContentType);
  const declared = header(req, 'x-upload-content-length');
  if (declared !== undefined && !/^\d{1,16}$/.test(declared)) {
    throw badRequest(storageMessages.badUploadLength);
  }
  const id = await storage.uploads.start({
    key: at.key,
    contentType,
    total: declared === undefined ? null : Number(declared),
    now: ctx.clock.now(),
  });
  return reply
    .code(201)
    .header('location', `${storage.blobUriFor(at.key)}?${at.rawQuery}&upload_id=${id}`)
    .header('x-guploader-uploadid', id)
    .send();
}

/**
 * `PUT` to a session URL: a chunk (`Content-Range: bytes S-E/TOTAL`) or a status query
 * (`bytes *\/TOTAL`) → 308 with the stored range until the object is complete, then 200 with
 * its metadata, as Google Cloud Storage answers.
 */
export async function putChunk(
  ctx: AppContext,
  storage: LocalStorage,
  at: Place,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const id = at.query.get('upload_id') ?? '';
  if (!isSessionId(id)) throw notFound(storageMessages.sessionNotFound);
  const contentLength = requestLength(req);
  const range = requestRange(req, contentLength);
  // Absent on requests injected without a socket (app.inject), which have no idle time to bound.
  req.raw.setTimeout?.(BODY_IDLE_MS, () => req.raw.destroy());
  try {
    const outcome = await storage.uploads.put(
      id,
      at.key,
      { range, contentLength, body: bodyStream(req) },
      ctx.clock.now(),
    );
    if (outcome.state === 'complete') {
      return reply.code(200).send(objectResource(outcome.key, outcome.object));
    }
    const stored = storedRangeHeader(outcome.stored);
    if (stored) reply.header('range', stored);
    // Browsers treat a bare 308 as a redirect; GCS offers this opt-out and so do we.
    if (header(req, 'x-guploader-no-308')?.toLowerCase() === 'yes') {
      return reply.code(200).header('x-http-status-code-override', '308').send();
    }
    return reply.code(308).send();
  } catch (e) {
    if (e instanceof HttpError) {
      // Refused mid-body: close the connection rather than read the rest.
      if (!req.raw.complete) reply.header('connection', 'close');
      throw e;
    }
    if (req.raw.socket?.destroyed) {
      req.log.info({ uploadId: id }, 'upload chunk cut off; the bytes on disk stay stored');
      return reply.hijack();
    }
    throw e;
  }
}

/** The object resource GCS answers when an upload completes. */
function objectResource(key: string, object: ObjectMeta) {
  return {
    kind: 'storage#object',
    id: `${LOCAL_BUCKET}/${key}`,
    name: key,
    bucket: LOCAL_BUCKET,
    size: String(object.size),
    contentType: object.contentType,
    md5Hash: object.md5,
    timeCreated: object.created,
    updated: object.created,
  };
}

/** Content-Length, 0 for a request without body, null for a chunked body. */
function requestLength(req: FastifyRequest): number | null {
  const length = header(req, 'content-length');
  if (length !== undefined) return Number(length);
  return req.headers['transfer-encoding'] ? null : 0;
}

/** Without Content-Range, the request carries the whole object (a single-request upload). */
function requestRange(req: FastifyRequest, contentLength: number | null): ContentRange {
  const text = header(req, 'content-range');
  if (text === undefined) return { kind: 'rest', start: 0, total: contentLength };
  const range = parseContentRange(text);
  if (!range) throw badRequest(storageMessages.malformedRange);
  return range;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

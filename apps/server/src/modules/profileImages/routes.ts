import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { limits, profileImageMessages, serverMessages } from '@roomscale/shared';
import { profileImagesApi } from '@roomscale/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import {
  badRequest,
  fieldError,
  forbidden,
  HttpError,
  notFound,
} from '../../platform/http/problem.ts';
import { routeOf } from '../../platform/http/route.ts';
import { signedAddressSecondsLeft } from './address.ts';
import { type ReceivedImage, receiveImage } from './image.ts';
import { maySeeProfileImage } from './policy.ts';
import {
  findProfileImage,
  parseProfileImageSlug,
  removeProfileImage,
  saveProfileImage,
} from './service.ts';

/**
 * Pictures of users and teams (part2 §5, §7). Uploads arrive as the spec's multipart part
 * 'attachment' or as the raw request body; either way the bytes stream to a temporary file and
 * are stored through the storage layer under `profile/{user|organization}/{id}`.
 * `GET /api/ProfileImage/{slug}` answers the bearer token of someone allowed to see the picture
 * (policy.ts), or a signed address until it expires (address.ts); a slug alone is not enough.
 */
export function profileImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  // Multipart bodies: one file part. The size limit is receiveImage's (it answers 413 itself);
  // busboy's own limit only bounds what is read at all.
  app.register(multipart, {
    limits: { files: 1, fields: 5, fileSize: 3 * limits.profileImageMaxBytes },
  });

  /** The uploaded image's bytes and what the client says about them, from either body form. */
  async function upload(req: FastifyRequest & { query: { fileName?: string } }) {
    if (req.isMultipart()) {
      const part = await req.file().catch((e: unknown) => {
        throw malformedMultipart(e);
      });
      if (part?.fieldname !== 'attachment')
        throw fieldError('attachment', profileImageMessages.typeNotSupported);
      return {
        body: part.file as Readable,
        meta: { fileName: part.filename, declaredType: part.mimetype, declaredLength: undefined },
      };
    }
    if (!req.query.fileName) throw fieldError('fileName', profileImageMessages.typeNotSupported);
    return {
      body: (req.body as Readable | undefined) ?? req.raw,
      meta: {
        fileName: req.query.fileName,
        declaredType: req.headers['content-type'],
        declaredLength: req.headers['content-length']
          ? Number(req.headers['content-length'])
          : undefined,
      },
    };
  }

  /** Receives the upload; a multipart body that breaks off or is malformed midway is a 400. */
  async function receive<T>(
    req: FastifyRequest & { query: { fileName?: string } },
    save: (image: ReceivedImage) => Promise<T>,
  ): Promise<T> {
    const { body, meta } = await upload(req);
    try {
      return await receiveImage(body, meta, save);
    } catch (e) {
      if (req.isMultipart() && !(e instanceof HttpError) && body.errored) {
        throw malformedMultipart(body.errored);
      }
      throw e;
    }
  }

  r.route({
    ...routeOf(profileImagesApi.uploadMine),
    config: { access: 'user' },
    bodyLimit: Number.MAX_SAFE_INTEGER,
    handler: async (req) => {
      return receive(req, (image) => saveProfileImage(ctx, 'user', callerOf(req).userId, image));
    },
  });

  r.route({
    ...routeOf(profileImagesApi.removeMine),
    config: { access: 'user' },
    handler: async (req, reply) => {
      await removeProfileImage(ctx, 'user', callerOf(req).userId);
      return reply.status(204).send();
    },
  });

  r.route({
    ...routeOf(profileImagesApi.uploadTeamLogo),
    config: { access: 'teamAdmin' },
    bodyLimit: Number.MAX_SAFE_INTEGER,
    handler: async (req) => {
      return receive(req, (image) =>
        saveProfileImage(ctx, 'organization', teamOf(req).organizationId, image),
      );
    },
  });

  r.route({
    ...routeOf(profileImagesApi.removeTeamLogo),
    config: { access: 'teamAdmin' },
    handler: async (req, reply) => {
      await removeProfileImage(ctx, 'organization', teamOf(req).organizationId);
      return reply.status(204).send();
    },
  });

  r.route({
    ...routeOf(profileImagesApi.image),
    config: { access: 'userOrSigned' },
    handler: async (req, reply) => {
      const { slug } = req.params;
      const { signature } = req.query;
      // A signed address is judged by its signature alone; else the caller's token (the access
      // hook has refused a request with neither) by the picture's rule, 404 when refused.
      const secondsLeft =
        signature === undefined ? null : signedAddressSecondsLeft(ctx, slug, req.query);
      if (signature !== undefined && secondsLeft === null) throw forbidden();
      const named = parseProfileImageSlug(slug);
      if (!named) throw notFound();
      if (
        secondsLeft === null &&
        !(await maySeeProfileImage(ctx, callerOf(req), named.owner, named.id))
      )
        throw notFound();
      const image = await findProfileImage(ctx, named.owner, named.id);
      const asked = req.query.updateDate ? Date.parse(req.query.updateDate) : Number.NaN;
      // The address with the current picture's time never changes content: the browser keeps it
      // (a signed one while it works). Any other address may show a newer picture later. Only
      // the browser caches: what a shared cache kept would reach people the rule refuses.
      const current = asked === image.imageUpdated.getTime();
      const keep = secondsLeft ?? 31536000;
      return reply
        .header('Content-Type', image.info.contentType)
        .header('Content-Length', image.info.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header(
          'Cache-Control',
          current ? `private, max-age=${keep}, immutable` : 'private, no-cache',
        )
        .header('Vary', 'Authorization')
        .header('Last-Modified', image.imageUpdated.toUTCString())
        .send(image.stream);
    },
  });
}

/**
 * A multipart body the parser cannot read (no boundary, cut off, broken part headers) is the
 * client's fault: 400. The plugin's own 4xx refusals (too many parts, too large) keep their status.
 */
function malformedMultipart(e: unknown): Error {
  const status = (e as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return e as Error;
  return badRequest(serverMessages.malformedMultipart);
}

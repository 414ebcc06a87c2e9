import type { Readable } from 'node:stream';
import { id, profileImageResult } from '@roomscale/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { receiveImage } from './image.ts';
import { findProfileImage, removeProfileImage, saveProfileImage } from './service.ts';

const tags = ['Profile images'];
const security = [{ bearer: [] }];
const uploadQuery = z.object({
  fileName: z.string().min(1).max(255).describe("The picked file's name; its extension counts"),
});
const uploadDescription =
  'The image is the request body as it is (Content-Type image/png, image/jpeg or image/gif), ' +
  'not a multipart form; `fileName` carries its name. Below 10,000,000 bytes; the extension, ' +
  'the type and the first bytes must agree.';

/**
 * Pictures of users and teams (part2 §5, §7). Uploads arrive as the raw request body streamed to
 * a temporary file — no multipart parser is installed — and are stored through the storage layer
 * under `profile/{user|organization}/{id}`. `GET /api/ProfileImage/{slug}` is public: profile
 * pictures show wherever a person or team is named.
 */
export function profileImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const received = (req: FastifyRequest, fileName: string) => ({
    fileName,
    declaredType: req.headers['content-type'],
    declaredLength: req.headers['content-length']
      ? Number(req.headers['content-length'])
      : undefined,
  });
  const bodyOf = (req: FastifyRequest) => (req.body as Readable | undefined) ?? req.raw;

  r.post(
    '/api/ProfileImage/user',
    {
      config: { access: 'user' },
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        tags,
        security,
        summary: "Upload the caller's profile picture",
        description: uploadDescription,
        querystring: uploadQuery,
        response: { 200: profileImageResult },
      },
    },
    (req) =>
      receiveImage(bodyOf(req), received(req, req.query.fileName), (image) =>
        saveProfileImage(ctx, 'user', callerOf(req).userId, image),
      ),
  );

  r.delete(
    '/api/ProfileImage/user',
    {
      config: { access: 'user' },
      schema: { tags, security, summary: "Remove the caller's picture" },
    },
    async (req, reply) => {
      await removeProfileImage(ctx, 'user', callerOf(req).userId);
      return reply.status(204).send();
    },
  );

  const teamParams = z.object({ organizationId: id });
  r.post(
    '/api/ProfileImage/organization/:organizationId',
    {
      config: { access: 'teamAdmin' },
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        tags,
        security,
        summary: "Upload the team's logo (team admins)",
        description: uploadDescription,
        params: teamParams,
        querystring: uploadQuery,
        response: { 200: profileImageResult },
      },
    },
    (req) =>
      receiveImage(bodyOf(req), received(req, req.query.fileName), (image) =>
        saveProfileImage(ctx, 'organization', teamOf(req).organizationId, image),
      ),
  );

  r.delete(
    '/api/ProfileImage/organization/:organizationId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: "Remove the team's logo (team admins)",
        params: teamParams,
      },
    },
    async (req, reply) => {
      await removeProfileImage(ctx, 'organization', teamOf(req).organizationId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/ProfileImage/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A user or team picture (slug user-{id} or organization-{id})',
        params: z.object({ slug: z.string().max(100) }),
        querystring: z.object({ updateDate: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const image = await findProfileImage(ctx, req.params.slug);
      const asked = req.query.updateDate ? Date.parse(req.query.updateDate) : Number.NaN;
      // The address with the current picture's time never changes content: cache it for good.
      // Any other address may show a newer picture later.
      const current = asked === image.imageUpdated.getTime();
      return reply
        .header('Content-Type', image.info.contentType)
        .header('Content-Length', image.info.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('Last-Modified', image.imageUpdated.toUTCString())
        .send(image.stream);
    },
  );
}

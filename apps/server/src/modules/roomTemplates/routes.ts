import {
  id,
  pageQuery,
  roomTemplate,
  roomTemplateCreate,
  roomTemplateEdit,
  roomTemplatePage,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import {
  createTemplate,
  deleteTemplate,
  editTemplate,
  getTemplate,
  listTemplates,
} from './service.ts';

const tags = ['Admin: room templates'];
const security = [{ bearer: [] }];
const params = z.object({ roomTemplateId: id });

/** Super admins manage the platform's room templates (part1 §7); the paths are the spec's. */
export function roomTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Admin/RoomTemplates',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        security,
        summary: 'Create a room template from a name (hidden until shared)',
        body: roomTemplateCreate,
        response: { 200: roomTemplate },
      },
    },
    (req) => createTemplate(ctx, callerOf(req), req.body),
  );

  r.patch(
    '/api/Admin/RoomTemplates/:roomTemplateId',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        security,
        summary: 'Save a room template; the asterisk fields reach every room made from it',
        params,
        body: roomTemplateEdit,
        response: { 200: roomTemplate },
      },
    },
    (req) => editTemplate(ctx, callerOf(req), req.params.roomTemplateId, req.body),
  );

  r.get(
    '/api/Admin/RoomTemplate/:roomTemplateId',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        security,
        summary: 'One room template',
        params,
        response: { 200: roomTemplate },
      },
    },
    (req) => getTemplate(ctx, req.params.roomTemplateId),
  );

  r.delete(
    '/api/Admin/RoomTemplate/:roomTemplateId',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        security,
        summary: 'Delete a room template; rooms made from it stay',
        params,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      await deleteTemplate(ctx, req.params.roomTemplateId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/Admin/RoomTemplate',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags,
        security,
        summary: 'Room templates by name, paged',
        querystring: pageQuery,
        response: { 200: roomTemplatePage },
      },
    },
    (req) => listTemplates(ctx, req.query),
  );
}

import { filesApi } from '@roomscale/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { uploadSlotFor } from '../../platform/storage/index.ts';
import { teamItem, teamItems } from './presenter.ts';
import {
  breadcrumbOf,
  createFile,
  deleteFile,
  downloadOf,
  getFile,
  listFiles,
  updateFile,
} from './service.ts';
import { teamSpace } from './space.ts';

const space = (req: FastifyRequest) => teamSpace(callerOf(req), teamOf(req));

export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'teamMember' } as const;
  // The item a route addresses is checked on the route: seen in the team, and editable.
  const item = { access: 'teamMember', object: 'fileItem' } as const;
  const editable = { access: 'teamMember', object: 'fileEditor' } as const;

  r.route({
    ...routeOf(filesApi.uploadSlot),
    config,
    handler: (req) => uploadSlotFor(ctx.storage, teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(filesApi.create),
    config,
    handler: async (req) => teamItem(await createFile(ctx, space(req), req.body)),
  });

  r.route({
    ...routeOf(filesApi.list),
    config,
    handler: async (req) => teamItems(await listFiles(ctx, space(req), req.body)),
  });

  r.route({
    ...routeOf(filesApi.get),
    config: item,
    handler: async (req) => teamItem(await getFile(ctx, req.params.fileItemId)),
  });

  r.route({
    ...routeOf(filesApi.edit),
    config: editable,
    handler: async (req) =>
      teamItem(await updateFile(ctx, space(req), req.params.fileItemId, req.body)),
  });

  r.route({
    ...routeOf(filesApi.remove),
    config: editable,
    handler: async (req, reply) => {
      await deleteFile(ctx, req.params.fileItemId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(filesApi.breadcrumb),
    config: item,
    handler: (req) => breadcrumbOf(ctx, req.params.fileItemId),
  });

  r.route({
    ...routeOf(filesApi.download),
    config: { access: 'user', object: 'fileItem' },
    handler: (req) => downloadOf(ctx, req.params.fileItemId),
  });
}

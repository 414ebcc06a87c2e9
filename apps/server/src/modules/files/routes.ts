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
  downloadInfo,
  getFile,
  listFiles,
  updateFile,
} from './service.ts';
import { teamSpace } from './space.ts';

const space = (req: FastifyRequest) => teamSpace(callerOf(req), teamOf(req));

export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'teamMember' } as const;

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
    config,
    handler: async (req) => teamItem(await getFile(ctx, space(req), req.params.fileItemId)),
  });

  r.route({
    ...routeOf(filesApi.edit),
    config,
    handler: async (req) =>
      teamItem(await updateFile(ctx, space(req), req.params.fileItemId, req.body)),
  });

  r.route({
    ...routeOf(filesApi.remove),
    config,
    handler: async (req, reply) => {
      await deleteFile(ctx, space(req), req.params.fileItemId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(filesApi.breadcrumb),
    config,
    handler: (req) => breadcrumbOf(ctx, space(req), req.params.fileItemId),
  });

  r.route({
    ...routeOf(filesApi.download),
    config: { access: 'user' },
    handler: (req) => downloadInfo(ctx, callerOf(req), req.params.fileItemId),
  });
}

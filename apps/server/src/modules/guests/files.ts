import { guestLimits } from '@roomscale/shared';
import { guestFilesApi } from '@roomscale/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { guestOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { guestKeyPrefix, uploadSlotUnder } from '../../platform/storage/index.ts';
import { guestItem, guestItems } from '../files/presenter.ts';
import { createFile, deleteFile, downloadOf, listFiles, updateFile } from '../files/service.ts';
import { guestSpace } from '../files/space.ts';

/** A live guest token, rate-limited per IP like every guest call. */
const config = {
  access: 'guest',
  rateLimit: { max: guestLimits.callsPerMinute, timeWindow: '1 minute' },
} as const;
/** Calls on one item declare its rule: the guest's own item, which they may change. */
const item = { ...config, object: 'fileItem' } as const;
const editable = { ...config, object: 'fileEditor' } as const;
const space = (req: FastifyRequest) => guestSpace(guestOf(req));

/**
 * A guest's own files (part2 §7 Guests): the team files service in the guest's space — scope
 * Guest, owned by the guest's address, uploads under `guest/{guestId}/`, no team data.
 */
export function guestFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(guestFilesApi.uploadSlot),
    config,
    handler: (req) => uploadSlotUnder(ctx.storage, guestKeyPrefix(guestOf(req).guestId)),
  });

  r.route({
    ...routeOf(guestFilesApi.create),
    config,
    handler: async (req) => guestItem(await createFile(ctx, space(req), req.body)),
  });

  r.route({
    ...routeOf(guestFilesApi.list),
    config,
    handler: async (req) => guestItems(await listFiles(ctx, space(req), req.body)),
  });

  r.route({
    ...routeOf(guestFilesApi.download),
    config: item,
    handler: (req) => downloadOf(ctx, req.params.fileItemId),
  });

  r.route({
    ...routeOf(guestFilesApi.edit),
    config: editable,
    handler: async (req) =>
      guestItem(await updateFile(ctx, space(req), req.params.fileItemId, req.body)),
  });

  r.route({
    ...routeOf(guestFilesApi.remove),
    config: editable,
    handler: async (req, reply) => {
      await deleteFile(ctx, req.params.fileItemId);
      return reply.code(204).send(null);
    },
  });
}

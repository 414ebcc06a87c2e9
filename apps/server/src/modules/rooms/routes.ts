import { roomsApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { clearRoomData, deleteRoomDataEntry, listRoomData, putRoomData } from './data.ts';
import { addRoom, deleteRoom, editRoom, getTeamRoom, listRooms } from './service.ts';

export function roomRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(roomsApi.list),
    config: { access: 'teamMember' },
    handler: (req) => listRooms(ctx, callerOf(req), teamOf(req), req.body),
  });

  r.route({
    ...routeOf(roomsApi.add),
    config: { access: 'teamAdmin' },
    handler: (req) => addRoom(ctx, callerOf(req), teamOf(req), req.body),
  });

  r.route({
    ...routeOf(roomsApi.get),
    config: { access: 'teamMember', object: 'roomViewer' },
    handler: (req) => getTeamRoom(ctx, teamOf(req), req.params.roomId),
  });

  r.route({
    ...routeOf(roomsApi.edit),
    config: { access: 'teamAdmin', object: 'roomManager' },
    handler: (req) => editRoom(ctx, callerOf(req), teamOf(req), req.params.roomId, req.body),
  });

  r.route({
    ...routeOf(roomsApi.remove),
    config: { access: 'teamAdmin', object: 'roomManager' },
    handler: async (req, reply) => {
      await deleteRoom(ctx, req.params.roomId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(roomsApi.listData),
    config: { access: 'user', object: 'roomViewer' },
    handler: (req) => listRoomData(ctx, req.params.roomId, req.query),
  });

  r.route({
    ...routeOf(roomsApi.clearData),
    config: { access: 'user', object: 'roomManager' },
    handler: async (req, reply) => {
      await clearRoomData(ctx, req.params.roomId, req.query);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(roomsApi.putDataEntry),
    config: { access: 'user', object: 'roomViewer' },
    // Entries are up to 32768 characters of any script, so up to four bytes each.
    bodyLimit: 256 * 1024,
    handler: (req) =>
      putRoomData(ctx, callerOf(req), req.params.roomId, req.params.roomDataId, req.body),
  });

  r.route({
    ...routeOf(roomsApi.deleteDataEntry),
    config: { access: 'user', object: 'roomViewer' },
    handler: async (req, reply) => {
      await deleteRoomDataEntry(ctx, callerOf(req), req.params.roomId, req.params.roomDataId);
      return reply.code(204).send(null);
    },
  });
}

import {
  id,
  room,
  roomAdd,
  roomDataEntry,
  roomDataList,
  roomDataPut,
  roomDataQuery,
  roomEdit,
  roomListQuery,
  roomPage,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { clearRoomData, deleteRoomDataEntry, listRoomData, putRoomData } from './data.ts';
import { addRoom, deleteRoom, editRoom, getTeamRoom, listRooms } from './service.ts';

const tags = ['Rooms'];
const security = [{ bearer: [] }];
const noContent = { 204: z.null().describe('No content') };
const teamParams = z.object({ organizationId: id });
const roomParams = teamParams.extend({ roomId: id });

export function roomRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/Organizations/:organizationId/Rooms',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'One page of the rooms and templates the caller sees in the team',
        params: teamParams,
        body: roomListQuery,
        response: { 200: roomPage },
      },
    },
    (req) => listRooms(ctx, callerOf(req), teamOf(req), req.body),
  );

  r.put(
    '/api/Organizations/:organizationId/Rooms',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: 'Add a room from a template, or duplicate a room of the team',
        params: teamParams,
        body: roomAdd,
        response: { 200: room },
      },
    },
    (req) => addRoom(ctx, callerOf(req), teamOf(req), req.body),
  );

  r.get(
    '/api/Organizations/:organizationId/Rooms/:roomId',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'One room or template the caller sees in the team',
        params: roomParams,
        response: { 200: room },
      },
    },
    (req) => getTeamRoom(ctx, callerOf(req), teamOf(req), req.params.roomId),
  );

  r.patch(
    '/api/Organizations/:organizationId/Rooms/:roomId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: 'Edit a room of the team; `template` converts it to a template and back',
        params: roomParams,
        body: roomEdit,
        response: { 200: room },
      },
    },
    (req) => editRoom(ctx, callerOf(req), teamOf(req), req.params.roomId, req.body),
  );

  r.delete(
    '/api/Organizations/:organizationId/Rooms/:roomId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: 'Delete a room of the team with its data',
        params: roomParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await deleteRoom(ctx, callerOf(req), teamOf(req), req.params.roomId);
      return reply.code(204).send(null);
    },
  );

  const dataTags = ['Room data'];
  const dataParams = z.object({ roomId: id });
  const entryParams = dataParams.extend({ roomDataId: id });

  r.get(
    '/api/Rooms/:roomId/data',
    {
      config: { access: 'user' },
      schema: {
        tags: dataTags,
        security,
        summary: 'Static and dynamic room data, grouped by kind',
        params: dataParams,
        querystring: roomDataQuery,
        response: { 200: roomDataList },
      },
    },
    (req) => listRoomData(ctx, callerOf(req), req.params.roomId, req.query),
  );

  r.delete(
    '/api/Rooms/:roomId/data',
    {
      config: { access: 'user' },
      schema: {
        tags: dataTags,
        security,
        summary: "Clear a room's data (or the part the filters name); room managers only",
        params: dataParams,
        querystring: roomDataQuery,
        response: noContent,
      },
    },
    async (req, reply) => {
      await clearRoomData(ctx, callerOf(req), req.params.roomId, req.query);
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/api/Rooms/:roomId/data/:roomDataId',
    {
      config: { access: 'user' },
      // Entries are up to 32768 characters of any script, so up to four bytes each.
      bodyLimit: 256 * 1024,
      schema: {
        tags: dataTags,
        security,
        summary: 'Create or replace one room data entry',
        params: entryParams,
        body: roomDataPut,
        response: { 200: roomDataEntry },
      },
    },
    (req) => putRoomData(ctx, callerOf(req), req.params.roomId, req.params.roomDataId, req.body),
  );

  r.delete(
    '/api/Rooms/:roomId/data/:roomDataId',
    {
      config: { access: 'user' },
      schema: {
        tags: dataTags,
        security,
        summary: 'Delete one room data entry',
        params: entryParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await deleteRoomDataEntry(ctx, callerOf(req), req.params.roomId, req.params.roomDataId);
      return reply.code(204).send(null);
    },
  );
}

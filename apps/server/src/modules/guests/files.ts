import {
  fileDownload,
  fileUploadSlot,
  guestFileCreate,
  guestFileItem,
  guestFileListQuery,
  guestFilePage,
  guestFileUpdate,
  guestLimits,
  id,
} from '@roomscale/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { guestOf } from '../../platform/http/access.ts';
import { guestKeyPrefix, uploadSlotUnder } from '../../platform/storage/index.ts';
import { guestItem, guestItems } from '../files/presenter.ts';
import {
  createFile,
  deleteFile,
  downloadInSpace,
  listFiles,
  updateFile,
} from '../files/service.ts';
import { guestSpace } from '../files/space.ts';

const tags = ['Guests'];
const security = [{ bearer: [] }];
const noContent = { 204: z.null().describe('No content') };
const fileParams = z.object({ fileItemId: id });
/** A live guest token, rate-limited per IP like every guest call. */
const config = {
  access: 'guest',
  rateLimit: { max: guestLimits.callsPerMinute, timeWindow: '1 minute' },
} as const;
const space = (req: FastifyRequest) => guestSpace(guestOf(req));

/**
 * A guest's own files (part2 §7 Guests): the team files service in the guest's space — scope
 * Guest, owned by the guest's address, uploads under `guest/{guestId}/`, no team data.
 */
export function guestFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Guests/Files/Upload',
    {
      config,
      schema: {
        tags,
        security,
        summary: "A signed address for one new upload into the guest's storage",
        response: { 200: fileUploadSlot },
      },
    },
    (req) => uploadSlotUnder(ctx.storage, guestKeyPrefix(guestOf(req).guestId)),
  );

  r.put(
    '/api/Guests/Files',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Create a folder, or a file or note from one of the guest's uploads",
        body: guestFileCreate,
        response: { 200: guestFileItem },
      },
    },
    async (req) => guestItem(await createFile(ctx, space(req), req.body)),
  );

  r.post(
    '/api/Guests/Files',
    {
      config,
      schema: {
        tags,
        security,
        summary: "One page of the guest's files (folders first)",
        body: guestFileListQuery,
        response: { 200: guestFilePage },
      },
    },
    async (req) => guestItems(await listFiles(ctx, space(req), req.body)),
  );

  r.get(
    '/api/Guests/Files/:fileItemId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Download information of one of the guest’s files, with a short-lived address',
        params: fileParams,
        response: { 200: fileDownload },
      },
    },
    (req) => downloadInSpace(ctx, space(req), req.params.fileItemId),
  );

  r.patch(
    '/api/Guests/Files/:fileItemId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Rename, move, change properties or replace the content of a guest file',
        params: fileParams,
        body: guestFileUpdate,
        response: { 200: guestFileItem },
      },
    },
    async (req) => guestItem(await updateFile(ctx, space(req), req.params.fileItemId, req.body)),
  );

  r.delete(
    '/api/Guests/Files/:fileItemId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete a guest file; a folder with everything in it',
        params: fileParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await deleteFile(ctx, space(req), req.params.fileItemId);
      return reply.code(204).send(null);
    },
  );
}

import {
  breadcrumb,
  fileCreate,
  fileDownload,
  fileItem,
  fileListQuery,
  filePage,
  fileUpdate,
  fileUploadSlot,
  id,
} from '@roomscale/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
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

const tags = ['Files'];
const security = [{ bearer: [] }];
const noContent = { 204: z.null().describe('No content') };
const teamParams = z.object({ organizationId: id });
const fileParams = teamParams.extend({ fileItemId: id });
const space = (req: FastifyRequest) => teamSpace(callerOf(req), teamOf(req));

export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'teamMember' } as const;

  r.get(
    '/api/Organizations/:organizationId/File/Upload',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A signed address for one new upload into the team storage',
        params: teamParams,
        response: { 200: fileUploadSlot },
      },
    },
    (req) => uploadSlotFor(ctx.storage, teamOf(req).organizationId),
  );

  r.put(
    '/api/Organizations/:organizationId/File',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Create a folder, or a file or note from an upload of the team',
        params: teamParams,
        body: fileCreate,
        response: { 200: fileItem },
      },
    },
    async (req) => teamItem(await createFile(ctx, space(req), req.body)),
  );

  r.post(
    '/api/Organizations/:organizationId/File',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One page of a folder (folders first), or of all files when not hierarchical',
        params: teamParams,
        body: fileListQuery,
        response: { 200: filePage },
      },
    },
    async (req) => teamItems(await listFiles(ctx, space(req), req.body)),
  );

  r.get(
    '/api/Organizations/:organizationId/File/:fileItemId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One file item the caller sees',
        params: fileParams,
        response: { 200: fileItem },
      },
    },
    async (req) => teamItem(await getFile(ctx, space(req), req.params.fileItemId)),
  );

  r.patch(
    '/api/Organizations/:organizationId/File/:fileItemId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Rename, move, change properties or scope, or replace the content',
        params: fileParams,
        body: fileUpdate,
        response: { 200: fileItem },
      },
    },
    async (req) => teamItem(await updateFile(ctx, space(req), req.params.fileItemId, req.body)),
  );

  r.delete(
    '/api/Organizations/:organizationId/File/:fileItemId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete a file item; a folder with everything in it',
        params: fileParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await deleteFile(ctx, space(req), req.params.fileItemId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/Organizations/:organizationId/File/:fileItemId/Breadcrumb',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The folders above an item, top-most first',
        params: fileParams,
        response: { 200: breadcrumb },
      },
    },
    (req) => breadcrumbOf(ctx, space(req), req.params.fileItemId),
  );

  r.get(
    '/api/File/:fileItemId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Download information with a short-lived signed address',
        params: z.object({ fileItemId: id }),
        response: { 200: fileDownload },
      },
    },
    (req) => downloadInfo(ctx, callerOf(req), req.params.fileItemId),
  );
}

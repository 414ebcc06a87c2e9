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
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { noContent, bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Files'];
const fileParams = teamParams.extend({ fileItemId: id });

export const filesApi = {
  uploadSlot: endpoint('GET', '/api/Organizations/:organizationId/File/Upload', {
    tags,
    security,
    summary: 'A signed address for one new upload into the team storage',
    params: teamParams,
    response: { 200: fileUploadSlot },
  }),

  create: endpoint('PUT', '/api/Organizations/:organizationId/File', {
    tags,
    security,
    summary: 'Create a folder, or a file or note from an upload of the team',
    params: teamParams,
    body: fileCreate,
    response: { 200: fileItem },
  }),

  list: endpoint('POST', '/api/Organizations/:organizationId/File', {
    tags,
    security,
    summary: 'One page of a folder (folders first), or of all files when not hierarchical',
    params: teamParams,
    body: fileListQuery,
    response: { 200: filePage },
  }),

  get: endpoint('GET', '/api/Organizations/:organizationId/File/:fileItemId', {
    tags,
    security,
    summary: 'One file item the caller sees',
    params: fileParams,
    response: { 200: fileItem },
  }),

  edit: endpoint('PATCH', '/api/Organizations/:organizationId/File/:fileItemId', {
    tags,
    security,
    summary: 'Rename, move, change properties or scope, or replace the content',
    params: fileParams,
    body: fileUpdate,
    response: { 200: fileItem },
  }),

  remove: endpoint('DELETE', '/api/Organizations/:organizationId/File/:fileItemId', {
    tags,
    security,
    summary: 'Delete a file item; a folder with everything in it',
    params: fileParams,
    response: noContent,
  }),

  breadcrumb: endpoint('GET', '/api/Organizations/:organizationId/File/:fileItemId/Breadcrumb', {
    tags,
    security,
    summary: 'The folders above an item, top-most first',
    params: fileParams,
    response: { 200: breadcrumb },
  }),

  download: endpoint('GET', '/api/File/:fileItemId', {
    tags,
    security,
    summary: 'Download information with a short-lived signed address',
    params: z.object({ fileItemId: id }),
    response: { 200: fileDownload },
  }),
};

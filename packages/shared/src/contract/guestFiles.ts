import {
  fileDownload,
  fileUploadSlot,
  guestFileCreate,
  guestFileItem,
  guestFileListQuery,
  guestFilePage,
  guestFileUpdate,
  id,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { noContent, bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Guests'];
const fileParams = z.object({ fileItemId: id });

export const guestFilesApi = {
  uploadSlot: endpoint('GET', '/api/Guests/Files/Upload', {
    tags,
    security,
    summary: "A signed address for one new upload into the guest's storage",
    response: { 200: fileUploadSlot },
  }),

  create: endpoint('PUT', '/api/Guests/Files', {
    tags,
    security,
    summary: "Create a folder, or a file or note from one of the guest's uploads",
    body: guestFileCreate,
    response: { 200: guestFileItem },
  }),

  list: endpoint('POST', '/api/Guests/Files', {
    tags,
    security,
    summary: "One page of the guest's files (folders first)",
    body: guestFileListQuery,
    response: { 200: guestFilePage },
  }),

  download: endpoint('GET', '/api/Guests/Files/:fileItemId', {
    tags,
    security,
    summary: 'Download information of one of the guest’s files, with a short-lived address',
    params: fileParams,
    response: { 200: fileDownload },
  }),

  edit: endpoint('PATCH', '/api/Guests/Files/:fileItemId', {
    tags,
    security,
    summary: 'Rename, move, change properties or replace the content of a guest file',
    params: fileParams,
    body: guestFileUpdate,
    response: { 200: guestFileItem },
  }),

  remove: endpoint('DELETE', '/api/Guests/Files/:fileItemId', {
    tags,
    security,
    summary: 'Delete a guest file; a folder with everything in it',
    params: fileParams,
    response: noContent,
  }),
};

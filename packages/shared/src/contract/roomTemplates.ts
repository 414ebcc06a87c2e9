import {
  id,
  pageQuery,
  roomTemplate,
  roomTemplateCreate,
  roomTemplateEdit,
  roomTemplatePage,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Admin: room templates'];
const params = z.object({ roomTemplateId: id });

export const roomTemplatesApi = {
  create: endpoint('PUT', '/api/Admin/RoomTemplates', {
    tags,
    security,
    summary: 'Create a room template from a name (hidden until shared)',
    body: roomTemplateCreate,
    response: { 200: roomTemplate },
  }),

  edit: endpoint('PATCH', '/api/Admin/RoomTemplates/:roomTemplateId', {
    tags,
    security,
    summary: 'Save a room template; the asterisk fields reach every room made from it',
    params,
    body: roomTemplateEdit,
    response: { 200: roomTemplate },
  }),

  get: endpoint('GET', '/api/Admin/RoomTemplate/:roomTemplateId', {
    tags,
    security,
    summary: 'One room template',
    params,
    response: { 200: roomTemplate },
  }),

  remove: endpoint('DELETE', '/api/Admin/RoomTemplate/:roomTemplateId', {
    tags,
    security,
    summary: 'Delete a room template; rooms made from it stay',
    params,
    response: { 204: z.null().describe('No content') },
  }),

  list: endpoint('GET', '/api/Admin/RoomTemplate', {
    tags,
    security,
    summary: 'Room templates by name, paged',
    querystring: pageQuery,
    response: { 200: roomTemplatePage },
  }),
};

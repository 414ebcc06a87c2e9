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
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { noContent, bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Rooms'];
const roomParams = teamParams.extend({ roomId: id });
const dataTags = ['Room data'];
const dataParams = z.object({ roomId: id });
const entryParams = dataParams.extend({ roomDataId: id });

export const roomsApi = {
  list: endpoint('POST', '/api/Organizations/:organizationId/Rooms', {
    tags,
    security,
    summary: 'One page of the rooms and templates the caller sees in the team',
    params: teamParams,
    body: roomListQuery,
    response: { 200: roomPage },
  }),

  add: endpoint('PUT', '/api/Organizations/:organizationId/Rooms', {
    tags,
    security,
    summary: 'Add a room from a template, or duplicate a room of the team',
    params: teamParams,
    body: roomAdd,
    response: { 200: room },
  }),

  get: endpoint('GET', '/api/Organizations/:organizationId/Rooms/:roomId', {
    tags,
    security,
    summary: 'One room or template the caller sees in the team',
    params: roomParams,
    response: { 200: room },
  }),

  edit: endpoint('PATCH', '/api/Organizations/:organizationId/Rooms/:roomId', {
    tags,
    security,
    summary: 'Edit a room of the team; `template` converts it to a template and back',
    params: roomParams,
    body: roomEdit,
    response: { 200: room },
  }),

  remove: endpoint('DELETE', '/api/Organizations/:organizationId/Rooms/:roomId', {
    tags,
    security,
    summary: 'Delete a room of the team with its data',
    params: roomParams,
    response: noContent,
  }),

  listData: endpoint('GET', '/api/Rooms/:roomId/data', {
    tags: dataTags,
    security,
    summary: 'Static and dynamic room data, grouped by kind',
    params: dataParams,
    querystring: roomDataQuery,
    response: { 200: roomDataList },
  }),

  clearData: endpoint('DELETE', '/api/Rooms/:roomId/data', {
    tags: dataTags,
    security,
    summary: "Clear a room's data (or the part the filters name); room managers only",
    params: dataParams,
    querystring: roomDataQuery,
    response: noContent,
  }),

  putDataEntry: endpoint('PUT', '/api/Rooms/:roomId/data/:roomDataId', {
    tags: dataTags,
    security,
    summary: 'Create or replace one room data entry',
    params: entryParams,
    body: roomDataPut,
    response: { 200: roomDataEntry },
  }),

  deleteDataEntry: endpoint('DELETE', '/api/Rooms/:roomId/data/:roomDataId', {
    tags: dataTags,
    security,
    summary: 'Delete one room data entry',
    params: entryParams,
    response: noContent,
  }),
};

import {
  id,
  meeting,
  meetingCodeParam,
  meetingCreate,
  meetingListQuery,
  meetingLookup,
  meetingPage,
  meetingRoomChange,
  meetingUpdate,
  problem,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Meetings'];
const meetingParams = teamParams.extend({ meetingId: id });

export const meetingsApi = {
  list: endpoint('GET', '/api/Organizations/:organizationId/Meetings', {
    tags,
    security,
    summary: "The team's meetings the caller sees: upcoming and ongoing, or all",
    params: teamParams,
    querystring: meetingListQuery,
    response: { 200: meetingPage },
  }),

  create: endpoint('PUT', '/api/Organizations/:organizationId/Meetings', {
    tags,
    security,
    summary: 'Plan a meeting; with emailNewUsers every participant gets an invitation',
    params: teamParams,
    body: meetingCreate,
    response: { 200: meeting },
  }),

  get: endpoint('GET', '/api/Organizations/:organizationId/Meetings/:meetingId', {
    tags,
    security,
    summary: 'One meeting',
    params: meetingParams,
    response: { 200: meeting },
  }),

  edit: endpoint('PATCH', '/api/Organizations/:organizationId/Meetings/:meetingId', {
    tags,
    security,
    summary: 'Edit a meeting (a moderator or a team admin, before its end)',
    params: meetingParams,
    body: meetingUpdate,
    response: { 200: meeting },
  }),

  remove: endpoint('DELETE', '/api/Organizations/:organizationId/Meetings/:meetingId', {
    tags,
    security,
    summary: 'Delete a meeting and its temporary rooms (a moderator or a team admin)',
    params: meetingParams,
    response: { 204: z.null().describe('No content') },
  }),

  lookup: endpoint('GET', '/api/Meetings/:code', {
    tags,
    summary: 'Look a meeting up by its code (launch page, VR app)',
    params: z.object({ code: meetingCodeParam }),
    response: {
      200: meetingLookup,
      404: problem.extend(meetingLookup.shape).describe('MeetingNotFound (error 10)'),
    },
  }),

  changeRoom: endpoint('POST', '/api/Meetings/:meetingId/Room', {
    tags,
    security,
    summary: "Change a meeting's current room (a moderator or a team admin)",
    params: z.object({ meetingId: id }),
    body: meetingRoomChange,
    response: { 200: meeting },
  }),
};

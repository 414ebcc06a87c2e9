import {
  guestAuthorizeHeaders,
  guestAuthorizeResult,
  guestInvite,
  guestMeeting,
  guestMeetingCreate,
  guestRoomTemplatePage,
  guestTemplatesQuery,
  id,
  logoutQuery,
  seatCheck,
  seatStatus,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Guests'];

export const guestsApi = {
  authorize: endpoint('PUT', '/api/Guests/Authorize', {
    tags,
    summary:
      'Guest sign-in: with the guestEmail header, mails a one-time code; with guestCode too, returns a guest token',
    headers: guestAuthorizeHeaders,
    response: { 200: guestAuthorizeResult },
  }),

  checkSeat: endpoint('PUT', '/api/Guests/Seats', {
    tags,
    security,
    summary: "A VR device checks the guest's seat (same rules as users' seats)",
    body: seatCheck,
    response: { 200: seatStatus },
  }),

  roomTemplates: endpoint('GET', '/api/Guests/RoomTemplates', {
    tags,
    security,
    summary: 'Public room templates, by name, in pages',
    querystring: guestTemplatesQuery,
    response: { 200: guestRoomTemplatePage },
  }),

  createMeeting: endpoint('PUT', '/api/Guests/Meetings', {
    tags,
    security,
    summary: 'A guest plans a meeting in temporary rooms from Public templates (no team)',
    body: guestMeetingCreate,
    response: { 200: guestMeeting },
  }),

  inviteToMeeting: endpoint('POST', '/api/Guests/Meetings/:meetingId/Invite', {
    tags,
    security,
    summary: 'Invite more people to a meeting the guest created',
    params: z.object({ meetingId: id }),
    body: guestInvite,
    response: { 200: guestMeeting },
  }),

  logout: endpoint('GET', '/api/Guests/Logout', {
    tags,
    security,
    summary: "End the guest's session; with seatKey, free the seat that device holds",
    querystring: logoutQuery,
    response: { 204: z.null().describe('No content') },
  }),
};

import {
  attendanceCsvQuery,
  id,
  insightPeriodQuery,
  meetingAttendance,
  platformUsage,
  teamDeviceListQuery,
  teamDevicePage,
  teamUsage,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Usage insight'];
const meetingParams = teamParams.extend({ meetingId: id });
const csv = z.string().describe('RFC 4180 CSV with a header row (text/csv; charset=utf-8)');
const produces = ['text/csv'];

/** Issue 29 §2–§4: usage read from the daily totals and the facts (docs/usage.md 'The calls'). */
export const insightApi = {
  teamUsage: endpoint('GET', '/api/Organizations/:organizationId/Usage', {
    tags,
    security,
    summary:
      "The team's use over the 12 ISO weeks up to the current one, weeks cut in timeZone (team admins)",
    params: teamParams,
    querystring: insightPeriodQuery,
    response: { 200: teamUsage },
  }),

  teamUsageCsv: endpoint('GET', '/api/Organizations/:organizationId/Usage.csv', {
    tags,
    security,
    summary: 'The team usage as CSV, one row per week, the same numbers (team admins)',
    params: teamParams,
    querystring: insightPeriodQuery,
    produces,
    response: { 200: csv },
  }),

  attendance: endpoint('GET', '/api/Organizations/:organizationId/Meetings/:meetingId/Attendance', {
    tags,
    security,
    summary:
      'Who joined a started meeting, first and last seen and for how long, and the invitees who never joined (its moderators and team admins)',
    params: meetingParams,
    response: { 200: meetingAttendance },
  }),

  attendanceCsv: endpoint(
    'GET',
    '/api/Organizations/:organizationId/Meetings/:meetingId/Attendance.csv',
    {
      tags,
      security,
      summary:
        "A meeting's attendance as CSV: attendees, then invitees who never joined; times in timeZone with their offset",
      params: meetingParams,
      querystring: attendanceCsvQuery,
      produces,
      response: { 200: csv },
    },
  ),

  devices: endpoint('GET', '/api/Organizations/:organizationId/Devices', {
    tags,
    security,
    summary:
      "The devices holding the team members' seats, latest seen first, with conflicts and the required update state (team admins)",
    params: teamParams,
    querystring: teamDeviceListQuery,
    response: { 200: teamDevicePage },
  }),

  platformUsage: endpoint('GET', '/api/Admin/Usage', {
    tags: ['Admin'],
    security,
    summary:
      "The platform's use over 12 ISO weeks and the teams with the most and least use of their licenses (super admins)",
    querystring: insightPeriodQuery,
    response: { 200: platformUsage },
  }),
};

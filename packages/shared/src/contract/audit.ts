import { adminAuditQuery, auditPage, teamAuditQuery } from '../index.ts';
import { bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Audit log'];

/** The record of changes (docs/audit.md): super admins read all of it, team admins their team's. */
export const auditApi = {
  list: endpoint('GET', '/api/Admin/AuditLog', {
    tags,
    security,
    summary: "Recorded changes, newest first; optionally one team's or about one user",
    querystring: adminAuditQuery,
    response: { 200: auditPage },
  }),

  team: endpoint('GET', '/api/Organizations/:organizationId/AuditLog', {
    tags,
    security,
    summary: "The team's recorded changes, newest first (team admins)",
    params: teamParams,
    querystring: teamAuditQuery,
    response: { 200: auditPage },
  }),
};

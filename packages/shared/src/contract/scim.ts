import { organizationParams, scimTokenCreated, scimTokenStatus } from '../index.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['SCIM provisioning'];
const path = '/api/Organization/:organizationId/ScimToken';

/**
 * A team's SCIM token (docs/scim.md), managed by its admins. The SCIM protocol itself, under
 * `/scim/v2/{organizationId}`, is not a JSON call of this API: it has its own token and error
 * body and lives in apps/server/src/modules/scim/.
 */
export const scimApi = {
  createToken: endpoint('POST', path, {
    tags,
    security,
    summary:
      "Create or replace the team's SCIM token; the token is answered this once (team admins)",
    params: organizationParams,
    response: { 200: scimTokenCreated },
  }),

  getToken: endpoint('GET', path, {
    tags,
    security,
    summary: 'Whether the team has a SCIM token, when it was created and last used (team admins)',
    params: organizationParams,
    response: { 200: scimTokenStatus },
  }),

  revokeToken: endpoint('DELETE', path, {
    tags,
    security,
    summary: "Revoke the team's SCIM token (team admins)",
    params: organizationParams,
  }),
};

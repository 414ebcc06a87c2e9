import {
  organizationParams,
  samlConfig,
  samlConfigEdit,
  samlMetadataImport,
  samlMetadataValues,
} from '../index.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Single sign-on'];

/**
 * A team's SAML 2.0 settings (part2 §7 Team). The browser-facing SAML addresses — the sign-in
 * start, the assertion consumer service and the metadata — are not JSON calls and live in
 * apps/server/src/modules/sso/routes.ts (docs/sso.md).
 */
export const ssoApi = {
  getConfig: endpoint('GET', '/api/Organization/:organizationId/SamlConfig', {
    tags,
    security,
    summary: "The team's SAML settings and the values its identity provider needs (team admins)",
    params: organizationParams,
    response: { 200: samlConfig },
  }),

  saveConfig: endpoint('POST', '/api/Organization/:organizationId/SamlConfig', {
    tags,
    security,
    summary: "Save the identity provider's entity id, login URL and certificate (team admins)",
    params: organizationParams,
    body: samlConfigEdit,
    response: { 200: samlConfig },
  }),
  importMetadata: endpoint('POST', '/api/Organization/:organizationId/SamlConfig/Metadata', {
    tags,
    security,
    summary:
      "Read the identity provider's metadata (XML or an address fetched once) into the values to save; nothing is saved (team admins)",
    params: organizationParams,
    body: samlMetadataImport,
    response: { 200: samlMetadataValues },
  }),
};

import { z } from '../zodErrors.ts';
import { isoDate } from './common.ts';

/**
 * POST /api/Organization/{organizationId}/ScimToken: the team's new SCIM token, shown this once
 * (the server keeps only its hash), and the base address the identity provider calls with it.
 */
export const scimTokenCreated = z.object({
  token: z.string(),
  baseUrl: z.string(),
});
export type ScimTokenCreated = z.infer<typeof scimTokenCreated>;

/** GET /api/Organization/{organizationId}/ScimToken: whether the team has a token, and its use. */
export const scimTokenStatus = z.object({
  enabled: z.boolean(),
  createdAt: isoDate.nullable(),
  lastUsedAt: isoDate.nullable(),
});
export type ScimTokenStatus = z.infer<typeof scimTokenStatus>;

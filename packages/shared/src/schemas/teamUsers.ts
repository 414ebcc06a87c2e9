import { z } from 'zod';
import { id, licenseType, pagedResult, pageQuery, role } from './common.ts';

/** A member of a team as the team screens see it (part2 §3 'Team user'). */
export const teamUser = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  role,
  licenseType,
  userActivated: z.boolean(),
  hasRoomscaleLogin: z.boolean(),
  hasSsoLogin: z.boolean(),
  hasOculusLogin: z.boolean(),
});
export type TeamUser = z.infer<typeof teamUser>;

/**
 * GET /api/Organizations/{organizationId}/Users?Filter&Page&PageSize: the team's members (not
 * removed ones), by name; `Filter` matches first name, last name, full name or email. The
 * meeting form's search asks for page 1 of 5.
 */
export const teamUserListQuery = pageQuery;
export const teamUserList = z.object({ results: pagedResult(teamUser) });
export type TeamUserList = z.infer<typeof teamUserList>;

import { profileImageResult } from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security, teamParams } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Profile images'];
/** The bearer token, or a signed address (its `signature` in the query). */
const pictureSecurity = [...security, { signedAddress: [] as string[] }];
const uploadQuery = z.object({
  fileName: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("The picked file's name for a raw-body upload; its extension counts"),
});
const uploadDescription =
  "A multipart/form-data body whose part 'attachment' is the image (part2 §7), or the image " +
  'as the request body itself (Content-Type image/png, image/jpeg or image/gif) with its name ' +
  'in `fileName`. Below 10,000,000 bytes; the extension, the type and the first bytes must agree.';

export const profileImagesApi = {
  uploadMine: endpoint(
    'POST',
    '/api/ProfileImage/user',
    {
      tags,
      security,
      summary: "Upload the caller's profile picture",
      description: uploadDescription,
      querystring: uploadQuery,
      response: { 200: profileImageResult },
    },
    'file',
  ),

  removeMine: endpoint('DELETE', '/api/ProfileImage/user', {
    tags,
    security,
    summary: "Remove the caller's picture",
  }),

  uploadTeamLogo: endpoint(
    'POST',
    '/api/ProfileImage/organization/:organizationId',
    {
      tags,
      security,
      summary: "Upload the team's logo (team admins)",
      description: uploadDescription,
      params: teamParams,
      querystring: uploadQuery,
      response: { 200: profileImageResult },
    },
    'file',
  ),

  removeTeamLogo: endpoint('DELETE', '/api/ProfileImage/organization/:organizationId', {
    tags,
    security,
    summary: "Remove the team's logo (team admins)",
    params: teamParams,
  }),

  image: endpoint('GET', '/api/ProfileImage/:slug', {
    tags,
    security: pictureSecurity,
    summary: 'A user or team picture (slug user-{id} or organization-{id})',
    description:
      "With the bearer token: a user's picture to its owner, to members of a team they share " +
      "and to super admins; a team's logo to its members, to people with an open invitation " +
      'to it and to super admins (404 to anyone else). Or without a token, at a signed address ' +
      '(`expires` and `signature`, as an upload answers it) until it expires (403 after).',
    params: z.object({ slug: z.string().max(100) }),
    querystring: z.object({
      updateDate: z.string().max(64).optional(),
      expires: z.string().max(20).optional().describe('Signed address: its end, in Unix seconds'),
      signature: z.string().max(100).optional().describe('Signed address: its signature'),
    }),
  }),
};

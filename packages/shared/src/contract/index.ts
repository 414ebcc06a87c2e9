import { adminApi } from './admin.ts';
import { auditApi } from './audit.ts';
import { authApi } from './auth.ts';
import { billingApi, billingSimulatorApi } from './billing.ts';
import { contentApi } from './content.ts';
import { filesApi } from './files.ts';
import { guestFilesApi } from './guestFiles.ts';
import { guestsApi } from './guests.ts';
import { insightApi } from './insight.ts';
import { licensesApi } from './licenses.ts';
import { linkedAccountsApi } from './linkedAccounts.ts';
import { meetingsApi } from './meetings.ts';
import { organizationsApi } from './organizations.ts';
import { profileImagesApi } from './profileImages.ts';
import { roomsApi } from './rooms.ts';
import { roomTemplatesApi } from './roomTemplates.ts';
import { scimApi } from './scim.ts';
import { seatsApi } from './seats.ts';
import { ssoApi } from './sso.ts';
import { teamUsersApi } from './teamUsers.ts';
import { usersApi } from './users.ts';

export * from './call.ts';
export * from './define.ts';
export { firstLoadCalls } from './firstLoad.ts';
export { allEndpoints, endpointOf } from './match.ts';
export {
  adminApi,
  auditApi,
  authApi,
  billingApi,
  billingSimulatorApi,
  contentApi,
  filesApi,
  guestFilesApi,
  guestsApi,
  insightApi,
  licensesApi,
  linkedAccountsApi,
  meetingsApi,
  organizationsApi,
  profileImagesApi,
  roomsApi,
  roomTemplatesApi,
  scimApi,
  seatsApi,
  ssoApi,
  teamUsersApi,
  usersApi,
};

/** Every call of the API, by feature. */
export const contract = {
  admin: adminApi,
  audit: auditApi,
  auth: authApi,
  billing: billingApi,
  billingSimulator: billingSimulatorApi,
  content: contentApi,
  files: filesApi,
  guestFiles: guestFilesApi,
  guests: guestsApi,
  insight: insightApi,
  licenses: licensesApi,
  linkedAccounts: linkedAccountsApi,
  meetings: meetingsApi,
  organizations: organizationsApi,
  profileImages: profileImagesApi,
  rooms: roomsApi,
  roomTemplates: roomTemplatesApi,
  scim: scimApi,
  seats: seatsApi,
  sso: ssoApi,
  teamUsers: teamUsersApi,
  users: usersApi,
} as const;

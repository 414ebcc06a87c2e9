import type { authApi } from './auth.ts';
import type { contentApi } from './content.ts';
import { bareCall, bearer } from './define.ts';
import type { usersApi } from './users.ts';

/**
 * The calls of a page's first load — signing in, the signed-in user and their teams, the client
 * configuration, the login's provider lookup — as bare calls: method, path and token rule,
 * without the schemas. The web client needs nothing else to make a call, and the login page
 * then carries neither zod nor the schemas (docs/performance.md "Web: first-load bytes"). Each
 * is typed as its endpoint (it does not compile if they differ) and contract.test.ts holds them
 * equal at run time too.
 */
export const firstLoadCalls = {
  token: bareCall<typeof authApi.token>('POST', '/api/connect/token', {}, 'form'),
  me: bareCall<typeof usersApi.me>('GET', '/api/Users/Me', { security: bearer }, 'json'),
  myTeams: bareCall<typeof usersApi.myTeams>(
    'GET',
    '/api/Users/Me/Organizations',
    { security: bearer },
    'json',
  ),
  logout: bareCall<typeof usersApi.logout>(
    'GET',
    '/api/Users/Logout',
    { security: bearer },
    'json',
  ),
  logins: bareCall<typeof usersApi.logins>('GET', '/api/LinkedAccounts/Logins', {}, 'json'),
  config: bareCall<typeof contentApi.config>('GET', '/api/Config', {}, 'json'),
};

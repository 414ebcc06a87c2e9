import {
  linkedLogins,
  linkUpdate,
  oculusLink,
  oculusNonceProof,
  redirectUrl,
  samlLinkParams,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Linked accounts'];

/** The caller's logins: single sign-on per team and the Meta account (part2 §7 Profile). */
export const linkedAccountsApi = {
  logins: endpoint('GET', '/api/User/Me/LinkedAccounts/Logins', {
    tags,
    security,
    summary: "The caller's linked logins",
    response: { 200: linkedLogins },
  }),

  samlLinkStart: endpoint('GET', '/api/User/Me/LinkedAccounts/Saml/:loginProviderId', {
    tags,
    security,
    summary:
      "Where to send the browser to sign in at a team's identity provider and prove the account to link",
    params: samlLinkParams,
    response: { 200: redirectUrl },
  }),

  update: endpoint('POST', '/api/User/Me/LinkedAccount', {
    tags,
    security,
    summary: "Link (with the identity provider's proof) or unlink a single sign-on login",
    body: linkUpdate,
    response: { 200: linkedLogins },
  }),

  metaUrl: endpoint('GET', '/api/User/Me/LinkedAccounts/Oculus/Sso', {
    tags,
    security,
    summary:
      "Meta's sign-in page to send the browser to; it returns to /sso/oculus. Also sets a short-lived cookie that the link call needs from this browser (docs/linked-accounts.md)",
    response: { 200: redirectUrl },
  }),

  metaLink: endpoint('PUT', '/api/User/Me/LinkedAccounts/Oculus/Sso', {
    tags,
    security,
    summary:
      "Link the Meta account of the code /sso/oculus received (exchanged and checked with Meta's API); needs the cookie of the sign-in URL call",
    body: oculusLink,
    response: { 200: linkedLogins },
  }),

  metaLinkFromHeadset: endpoint('PUT', '/api/User/Me/LinkedAccounts/Oculus', {
    tags,
    security,
    summary:
      'Link the Meta account the headset app is signed in with: oculusAccessCode is the nonce of Users.GetUserProof(), checked with Meta for oculusUserId',
    body: oculusNonceProof,
    response: { 200: linkedLogins },
  }),

  metaUnlink: endpoint('DELETE', '/api/User/Me/LinkedAccounts/Oculus', {
    tags,
    security,
    summary: "Unlink the caller's Meta account (refused when it is their only way to log in)",
    response: { 200: linkedLogins },
  }),

  metaUnlinkByAccount: endpoint('DELETE', '/api/LinkedAccounts/Oculus', {
    tags,
    summary:
      'The headset app unlinks its Meta account from whichever user it is linked to (a nonce checked with Meta); 204 also when no user has it',
    body: oculusNonceProof,
    response: { 204: z.null().describe('No content') },
  }),
};

import { limits } from '../limits.ts';
import { z } from '../zodErrors.ts';
import { userLogin } from './users.ts';

/** GET /api/User/Me/LinkedAccounts/Logins and the link update's answer: the caller's logins. */
export const linkedLogins = z.array(userLogin);

/**
 * POST /api/User/Me/LinkedAccount (part2 §3 "Link update": add or remove flag and
 * loginProviderId). Adding a team's single sign-on login needs `linkToken`: the proof the
 * identity provider's sign-in left for this caller (docs/sso.md "Linking").
 */
export const linkUpdate = z.object({
  add: z.boolean(),
  loginProviderId: z.string().min(1).max(limits.loginProviderIdMax),
  linkToken: z.string().min(1).max(200).optional(),
});
export type LinkUpdate = z.infer<typeof linkUpdate>;

export const samlLinkParams = z.object({
  loginProviderId: z.string().min(1).max(limits.loginProviderIdMax),
});

/** Where the browser goes next: the IdP's sign-in for a link, or Meta's authorization page. */
export const redirectUrl = z.object({ url: z.string() });

/** PUT /api/User/Me/LinkedAccounts/Oculus/Sso: what the /sso/oculus callback read (part2 §3). */
export const oculusLink = z.object({
  oculusAccessCode: z.string().trim().min(1).max(2000),
  oculusOrgScopedId: z.string().trim().min(1).max(200),
});
export type OculusLink = z.infer<typeof oculusLink>;

/**
 * The headset app's proof of its Meta account (docs/linked-accounts.md "From the headset"):
 * `oculusAccessCode` is the nonce of `Users.GetUserProof()`, `oculusUserId` the id of
 * `Users.GetLoggedInUser()` that Meta checks the nonce against. Without `oculusUserId` the
 * org-scoped id is the one checked.
 */
export const oculusNonceProof = oculusLink.extend({
  oculusUserId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'Enter the numeric Meta user id.')
    .optional(),
});
export type OculusNonceProof = z.infer<typeof oculusNonceProof>;

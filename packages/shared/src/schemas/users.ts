import { Industries } from '../enums.ts';
import { limits } from '../limits.ts';
import { fieldMessages, serverMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import {
  email,
  id,
  isoDate,
  licenseType,
  personName,
  position,
  role,
  strongPassword,
} from './common.ts';
import { organizationRegister } from './organizations.ts';

/**
 * An avatar address as a request carries it: http(s) only (never `javascript:` or `data:`). The
 * server then holds it to its configured avatar host (server `users/avatar.ts`).
 */
const avatarUrl = z
  .url({ protocol: /^https?$/, error: serverMessages.avatarNotAllowed })
  .max(limits.avatarUrlMax);

/** Register command of the public form. */
export const registerCommand = z.object({
  firstName: personName,
  lastName: personName,
  email,
  privacyAccepted: z.literal(true, fieldMessages.mustAccept),
  termsAccepted: z.literal(true, fieldMessages.mustAccept),
});
export type RegisterCommand = z.infer<typeof registerCommand>;

/** Full registration: a user part and an optional organization part. */
export const registration = z.object({
  user: registerCommand.extend({
    readyPlayerMeAvatar: avatarUrl.optional(),
    setDefaultReadyPlayerMeAvatar: z.boolean().optional(),
    headsetUserId: z.string().max(200).optional(),
    headsetNonce: z.string().max(500).optional(),
  }),
  organization: organizationRegister.optional(),
});
export type Registration = z.infer<typeof registration>;

/** PUT /api/Users/Register takes either form. */
export const registerBody = z.union([registration, registerCommand]);
export type RegisterBody = z.infer<typeof registerBody>;
export const registerResult = z.object({ success: z.literal(true) });
/**
 * The form a register body is meant as: a body with a `user` part is a full registration.
 * Validating with that one schema reports per-field errors instead of one union error.
 */
export const registerBodyFormOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'user' in body ? registration : registerCommand;

export const confirmCommand = z
  .object({
    userId: id,
    token: z.string().min(1).max(200),
    password: strongPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: serverMessages.passwordsDiffer,
  });
export type ConfirmCommand = z.infer<typeof confirmCommand>;

export const resetPasswordCommand = z
  .object({
    userId: id,
    token: z.string().min(1).max(200),
    password: strongPassword,
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: serverMessages.passwordsDiffer,
  });
export type ResetPasswordCommand = z.infer<typeof resetPasswordCommand>;

export const forgotPasswordCommand = z.object({ email });
export type ForgotPasswordCommand = z.infer<typeof forgotPasswordCommand>;

export const changePasswordCommand = z.object({
  currentPassword: z.string().min(limits.currentPasswordMin).max(limits.passwordMax),
  newPassword: strongPassword,
});
export type ChangePasswordCommand = z.infer<typeof changePasswordCommand>;
/** ChangePassword answers a bare boolean (part2 §7). */
export const changePasswordResult = z.literal(true);

export const userLogin = z.object({
  loginProviderId: z.string(),
  displayName: z.string(),
  userKey: z.string(),
});
export type UserLogin = z.infer<typeof userLogin>;

export const membershipSummary = z.object({
  organization: z.object({ id, name: z.string() }),
  role,
  licenseType,
  imageUpdated: isoDate.nullable(),
});

/** GET /api/Users/Me */
export const me = z.object({
  id,
  userId: id,
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  superAdmin: z.boolean(),
  privacyAccepted: isoDate.nullable(),
  termsAccepted: isoDate.nullable(),
  readyPlayerMeAvatar: z.string().nullable(),
  userActivated: z.boolean(),
  imageUpdated: isoDate.nullable(),
  hasSsoLogin: z.boolean(),
  hasOculusLogin: z.boolean(),
  hasRoomscaleLogin: z.boolean(),
  passwordSet: z.boolean(),
  hasUserSubscription: z.boolean(),
  hasMetaSubscription: z.boolean(),
  hasManualUserSubscription: z.boolean(),
  created: isoDate,
  createdBy: z.string().nullable(),
  lastModified: isoDate.nullable(),
  lastModifiedBy: z.string().nullable(),
  organizationsCount: z.number().int(),
  userLogins: z.array(userLogin),
  organizations: z.array(membershipSummary),
});
export type Me = z.infer<typeof me>;

/** PATCH /api/Users/Me: every field optional; a present field is validated. */
export const meEdit = z.object({
  firstName: personName.optional(),
  lastName: personName.optional(),
  position: position.nullable().optional(),
  readyPlayerMeAvatar: avatarUrl.nullable().optional(),
  /** Accepting the terms: the server stamps the current time. */
  termsAccepted: z.literal(true).optional(),
  privacyAccepted: z.literal(true).optional(),
});
export type MeEdit = z.infer<typeof meEdit>;

/** GET /api/LinkedAccounts/Logins?email */
export const loginsQuery = z.object({ email });
export const loginEntry = z.object({ loginProviderId: z.string(), displayName: z.string() });
export const loginsResult = z.array(loginEntry);
export type LoginEntry = z.infer<typeof loginEntry>;

export const logoutQuery = z.object({ seatKey: z.string().max(200).optional() });

export { Industries };

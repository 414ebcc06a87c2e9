import { AssignableLicenseTypes, AssignableRoles } from '../enums.ts';
import { z } from '../zodErrors.ts';
import { id, isoDate } from './common.ts';

/**
 * An invitation to join a team, as the invited person sees it: GET /api/Users/Me/Invitations
 * lists the open ones (the user menu's Teams list), POST /api/Users/Me/Invitations/Open finds
 * one from the emailed link's token. Only the invited account sees it.
 */
export const teamInvitation = z.object({
  id,
  organizationId: id,
  organizationName: z.string(),
  imageUpdated: isoDate.nullable(),
  role: z.enum(AssignableRoles),
  licenseType: z.enum(AssignableLicenseTypes),
  /** Who sent it, as the invited person may see it (the admin's full name). */
  invitedBy: z.string().nullable(),
  expires: isoDate,
});
export type TeamInvitation = z.infer<typeof teamInvitation>;
export const teamInvitationList = z.array(teamInvitation);

/** POST /api/Users/Me/Invitations/Open: the token of the emailed link (`/invitation?token=`). */
export const invitationOpen = z.object({ token: z.string().min(1).max(200) });
export type InvitationOpen = z.infer<typeof invitationOpen>;

export const invitationMessages = {
  /** Unknown, expired, withdrawn or already answered: one answer for all, nothing to probe. */
  notFound: 'This invitation is no longer valid. Ask the team admin to invite you again.',
  /** The link was opened while signed in as someone else. */
  otherAccount:
    'This invitation is for another account. Log out and log in with the invited email address to answer it.',
} as const;

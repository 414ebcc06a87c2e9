import { META_LOGIN_PROVIDER, type TeamUser } from '@roomscale/shared';
import type { memberships, teamInvitations, users } from '../../db/schema.ts';
import { profileEditable } from './policy.ts';

export type TeamUserRow = {
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'firstName' | 'lastName' | 'email' | 'position' | 'activated' | 'passwordHash'
  >;
  membership: Pick<typeof memberships.$inferSelect, 'role' | 'licenseType'>;
  /** Provider ids of the user's external logins. */
  providers: string[];
  /** The team created the account (a `new_account` invitation). */
  createdByTeam: boolean;
};

export function presentTeamUser({
  user,
  membership,
  providers,
  createdByTeam,
}: TeamUserRow): TeamUser {
  return presentListedMember({
    user,
    membership,
    hasPassword: user.passwordHash !== null,
    hasSso: providers.some((p) => p !== META_LOGIN_PROVIDER),
    hasOculus: providers.includes(META_LOGIN_PROVIDER),
    createdByTeam,
    lastInVrAt: undefined,
  });
}

/**
 * A member as the team users list reads them (list.ts): whether the account has a password and
 * which kinds of external login, never the password's hash itself.
 */
export type ListedMember = {
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'firstName' | 'lastName' | 'email' | 'position' | 'activated'
  >;
  membership: Pick<typeof memberships.$inferSelect, 'role' | 'licenseType'>;
  hasPassword: boolean;
  /** A login of a provider other than the headset store's. */
  hasSso: boolean;
  /** A login of the headset store (`META_LOGIN_PROVIDER`). */
  hasOculus: boolean;
  /** The team created the account (a `new_account` invitation). */
  createdByTeam: boolean;
  /** 'Last in VR' as the caller may see it (null if never or not theirs to see); absent: not read. */
  lastInVrAt: string | null | undefined;
};

export function presentListedMember({
  user,
  membership,
  hasPassword,
  hasSso,
  hasOculus,
  createdByTeam,
  lastInVrAt,
}: ListedMember): TeamUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    position: user.position,
    role: membership.role,
    licenseType: membership.licenseType,
    userActivated: user.activated,
    hasRoomscaleLogin: hasPassword,
    hasSsoLogin: hasSso,
    hasOculusLogin: hasOculus,
    invitationPending: false,
    // The policy reads whether a hash is set, not the hash: any text stands for one.
    profileEditable: profileEditable(
      { activated: user.activated, passwordHash: hasPassword ? '*' : null },
      createdByTeam,
    ),
    lastInVrAt,
  };
}

/**
 * An existing account invited to the team, not yet answered: only the address the admin typed
 * and the role and license it will get, under the invitation's id. Nothing of the account itself
 * (its id, names, position, pictures, logins, activation) until the person accepts: an admin may
 * invite any address, so the answer must not turn an address into an account's id.
 */
export function presentPendingInvitee(
  invitation: Pick<typeof teamInvitations.$inferSelect, 'id' | 'email' | 'role' | 'licenseType'>,
): TeamUser {
  return {
    id: invitation.id,
    firstName: '',
    lastName: '',
    email: invitation.email,
    position: null,
    role: invitation.role,
    licenseType: invitation.licenseType,
    userActivated: false,
    hasRoomscaleLogin: false,
    hasSsoLogin: false,
    hasOculusLogin: false,
    invitationPending: true,
    profileEditable: false,
  };
}

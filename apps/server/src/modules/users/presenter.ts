import {
  type LoginEntry,
  META_LOGIN_PROVIDER,
  type Me,
  type Membership,
  PASSWORD_LOGIN_LABEL,
  PASSWORD_LOGIN_PROVIDER,
  type UserLogin,
} from '@roomscale/shared';
import type { userLogins, users } from '../../db/schema.ts';
import { effectiveLicenseType } from '../licenses/accounting.ts';

type UserRow = typeof users.$inferSelect;
type LoginRow = typeof userLogins.$inferSelect;

export const passwordLoginEntry: LoginEntry = {
  loginProviderId: PASSWORD_LOGIN_PROVIDER,
  displayName: PASSWORD_LOGIN_LABEL,
};

type MeLogin = Pick<LoginRow, 'loginProviderId' | 'displayName' | 'providerKey'>;
/** A team of the user as Me lists it; the license as the team gave it (the user's own applies here). */
type MeTeam = Pick<Membership, 'id' | 'name' | 'role' | 'licenseType'> & {
  imageUpdated: string | Date | null;
};

export function presentMe(u: UserRow, logins: MeLogin[], teams: MeTeam[]): Me {
  const ownSubscription = u.hasManualUserSubscription || u.hasMetaSubscription;
  const hasPassword = u.passwordHash !== null;
  const userLoginList: UserLogin[] = [
    ...(hasPassword ? [{ ...passwordLoginEntry, userKey: u.id }] : []),
    ...logins.map((l) => ({
      loginProviderId: l.loginProviderId,
      displayName: l.displayName,
      userKey: l.providerKey,
    })),
  ];
  return {
    id: u.id,
    userId: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    firstName: u.firstName,
    lastName: u.lastName,
    position: u.position,
    superAdmin: u.superAdmin,
    privacyAccepted: iso(u.privacyAccepted),
    termsAccepted: iso(u.termsAccepted),
    readyPlayerMeAvatar: u.avatarUrl,
    userActivated: u.activated,
    imageUpdated: iso(u.imageUpdated),
    hasSsoLogin: logins.some((l) => l.loginProviderId !== META_LOGIN_PROVIDER),
    hasOculusLogin: logins.some((l) => l.loginProviderId === META_LOGIN_PROVIDER),
    hasRoomscaleLogin: hasPassword,
    passwordSet: hasPassword,
    hasUserSubscription: u.hasMetaSubscription || u.hasManualUserSubscription,
    hasMetaSubscription: u.hasMetaSubscription,
    hasManualUserSubscription: u.hasManualUserSubscription,
    created: u.created.toISOString(),
    createdBy: u.createdBy,
    lastModified: iso(u.lastModified),
    lastModifiedBy: u.lastModifiedBy,
    organizationsCount: teams.length,
    userLogins: userLoginList,
    organizations: teams.map((t) => ({
      organization: { id: t.id, name: t.name },
      role: t.role,
      licenseType: effectiveLicenseType(t.licenseType, ownSubscription),
      imageUpdated: t.imageUpdated === null ? null : new Date(t.imageUpdated).toISOString(),
    })),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

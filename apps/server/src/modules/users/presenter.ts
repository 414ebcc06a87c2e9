import {
  type LoginEntry,
  META_LOGIN_PROVIDER,
  type Me,
  PASSWORD_LOGIN_LABEL,
  PASSWORD_LOGIN_PROVIDER,
  type UserLogin,
} from '@roomscale/shared';
import { effectiveLicenseType } from '../licenses/policy.ts';
import type { MeRow } from './meQuery.ts';

export const passwordLoginEntry: LoginEntry = {
  loginProviderId: PASSWORD_LOGIN_PROVIDER,
  displayName: PASSWORD_LOGIN_LABEL,
};

/** Me from its one-query row (meQuery.ts), whose times PostgreSQL already wrote as the API does. */
export function presentMe(u: MeRow): Me {
  const ownSubscription = u.hasManualUserSubscription || u.hasMetaSubscription;
  const userLoginList: UserLogin[] = [
    ...(u.hasPassword ? [{ ...passwordLoginEntry, userKey: u.id }] : []),
    ...u.logins.map((l) => ({
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
    privacyAccepted: u.privacyAccepted,
    termsAccepted: u.termsAccepted,
    readyPlayerMeAvatar: u.avatarUrl,
    userActivated: u.activated,
    imageUpdated: u.imageUpdated,
    hasSsoLogin: u.logins.some((l) => l.loginProviderId !== META_LOGIN_PROVIDER),
    hasOculusLogin: u.logins.some((l) => l.loginProviderId === META_LOGIN_PROVIDER),
    hasRoomscaleLogin: u.hasPassword,
    passwordSet: u.hasPassword,
    hasUserSubscription: ownSubscription,
    hasMetaSubscription: u.hasMetaSubscription,
    hasManualUserSubscription: u.hasManualUserSubscription,
    created: u.created,
    createdBy: u.createdBy,
    lastModified: u.lastModified,
    lastModifiedBy: u.lastModifiedBy,
    organizationsCount: u.teams.length,
    userLogins: userLoginList,
    organizations: u.teams.map((t) => ({
      organization: { id: t.id, name: t.name },
      role: t.role,
      licenseType: effectiveLicenseType(t.licenseType, ownSubscription),
      imageUpdated: t.imageUpdated,
    })),
  };
}

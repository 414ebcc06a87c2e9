import {
  META_LOGIN_PROVIDER,
  type Membership,
  PASSWORD_LOGIN_PROVIDER,
  profileTexts,
  type UserLogin,
} from '@roomscale/shared';

/** One team single sign-on entry of the linked accounts. */
export type SsoRow = {
  loginProviderId: string;
  /** The identity provider's name, as the confirmation and the buttons say it. */
  name: string;
  /** Whose it is: the team's single sign-on, or just 'Single sign-on' for a former team's. */
  description: string;
  linked: boolean;
};

/**
 * The single sign-on entries (part2 §2): one per team with a SAML login provider, linked when the
 * logins hold that provider; then any other linked single sign-on login (of a team the user has
 * left, say), so it can still be unlinked.
 */
export function ssoRows(teams: readonly Membership[], logins: readonly UserLogin[]): SsoRow[] {
  const linked = new Set(logins.map((l) => l.loginProviderId));
  const rows = new Map<string, SsoRow>();
  for (const team of teams) {
    const id = team.samlLoginProviderId;
    if (!id || rows.has(id)) continue;
    rows.set(id, {
      loginProviderId: id,
      name: team.samlLoginDisplayName?.trim() || team.name,
      description: profileTexts.linked.ssoOf(team.name),
      linked: linked.has(id),
    });
  }
  for (const login of logins) {
    const id = login.loginProviderId;
    if (id === META_LOGIN_PROVIDER || id === PASSWORD_LOGIN_PROVIDER || rows.has(id)) continue;
    rows.set(id, {
      loginProviderId: id,
      name: login.displayName || id,
      description: profileTexts.linked.otherSso,
      linked: true,
    });
  }
  return [...rows.values()];
}

export const hasMetaLogin = (logins: readonly UserLogin[]) =>
  logins.some((l) => l.loginProviderId === META_LOGIN_PROVIDER);

import type { Config } from '../../config.ts';

/** A team's login provider id: stable, so the IdP can be set up before the first save. */
export const providerIdOf = (organizationId: string) => `saml-${organizationId}`;

/** The id of the team a provider id names, or null when it is not one of ours. */
export function organizationOfProvider(providerId: string): string | null {
  const m = /^saml-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    providerId,
  );
  return m ? m[1]! : null;
}

/**
 * Our side of a team's SAML set-up (docs/sso.md): the entity id is the metadata's own address,
 * as IdPs expect; a sign-in starts at the sso URL; responses come to the consumer URL.
 */
export function spAddresses(config: Config, providerId: string) {
  const base = `${config.publicUrl}/saml/${encodeURIComponent(providerId)}`;
  return {
    appIdUri: `${base}/metadata`,
    ssoUrl: base,
    consumerUrl: `${base}/acs`,
  };
}

import type { SsoRefusalReason } from '@roomscale/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { samlAssertions, userLogins, users } from '../../db/schema.ts';
import { spAddresses } from './addresses.ts';
import { boundSamlResponse } from './bound.ts';
import { checkAssertion, userKeysOf } from './checks.ts';
import { providerById } from './providers.ts';
import { auditRefusal, refusalReasonOf } from './refusals.ts';
import { consumeRequest, purposeOf, type RequestPurpose, requestStore } from './requests.ts';
import { checkResponse } from './responseChecks.ts';
import { certificatesOf, serviceProvider } from './serviceProvider.ts';
import { issueSsoToken } from './tokens.ts';

/** Where the browser goes after the consumer, by outcome (docs/sso.md "The round trip"). */
export const ssoLanding = {
  loginFailed: '/login?samlerror=not_found',
  linkFailed: '/profile?linkError=sso',
  login: (userId: string, providerId: string, token: string) =>
    `/sso/token?${new URLSearchParams({ u: userId, id: providerId, t: token })}`,
  linked: (providerId: string, token: string) =>
    `/profile?${new URLSearchParams({ linkProvider: providerId, linkToken: token })}`,
};

/**
 * POST /saml/{providerId}/acs: the identity provider's answer. Everything a response must be
 * is checked (node-saml's signature, audience, time and InResponseTo checks, then ours:
 * issuer, destination, recipient, replay, the request consumed once), and then:
 * - a login: the user whose linked login of this provider has the response's user key gets
 *   a one-time token for /sso/token; nobody else — no account is made from an assertion;
 * - a link: the user who started it gets a one-time proof for POST …/LinkedAccount.
 * Any failure sends the browser to the failure page of what it was doing; the reason is logged.
 */
export async function consumeResponse(
  ctx: AppContext,
  providerId: string,
  form: { SAMLResponse?: unknown },
  client: { ip: string | null } = { ip: null },
): Promise<string> {
  const now = ctx.clock.now();
  const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : '';
  const provider = await providerById(ctx.db, providerId);
  if (!provider) return ssoLanding.loginFailed;
  // The work is bounded before any XML parser runs (bound.ts): size, depth, element count.
  const bounded = boundSamlResponse(samlResponse);
  if (!bounded.ok) return fail(bounded.detail, null, bounded.reason);
  const sp = spAddresses(ctx.config, provider.id);

  let verified: Awaited<ReturnType<typeof verify>>;
  try {
    verified = await verify();
  } catch (err) {
    const purpose = await purposeOf(ctx.db, provider.id, bounded.inResponseTo, now);
    return fail((err as Error).message, purpose);
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(samlAssertions)
      .values({
        providerId: provider.id,
        assertionId: verified.assertionId,
        expiresAt: verified.expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: samlAssertions.assertionId });
    if (fresh.length === 0)
      return { ok: false, failure: 'replayed assertion', purpose: null } as const;
    const request = await consumeRequest(tx, provider.id, verified.inResponseTo, now);
    if (!request)
      return { ok: false, failure: 'request already answered or expired', purpose: null } as const;

    if (request.purpose === 'link') {
      const token = await issueSsoToken(tx, {
        purpose: 'link',
        userId: request.userId,
        providerId: provider.id,
        providerKey: verified.keys[0]!,
        now,
      });
      return { ok: true, to: ssoLanding.linked(provider.id, token) } as const;
    }
    const [login] = await tx
      .select({ userId: userLogins.userId, key: userLogins.providerKey })
      .from(userLogins)
      .innerJoin(users, eq(users.id, userLogins.userId))
      .where(
        and(
          eq(userLogins.loginProviderId, provider.id),
          inArray(userLogins.providerKey, verified.keys),
        ),
      );
    if (!login)
      return {
        ok: false,
        failure: 'no user with this single sign-on login',
        purpose: 'login',
      } as const;
    const token = await issueSsoToken(tx, {
      purpose: 'login',
      userId: login.userId,
      providerId: provider.id,
      providerKey: login.key,
      now,
    });
    return { ok: true, to: ssoLanding.login(login.userId, provider.id, token) } as const;
  });
  if (!outcome.ok)
    return fail(
      outcome.failure,
      outcome.purpose,
      undefined,
      outcome.purpose === 'login' ? verified.keys[0] : undefined,
    );
  return outcome.to;

  async function verify() {
    const saml = serviceProvider(
      ctx.config,
      provider!,
      requestStore(ctx.db, provider!.id, now, { purpose: 'login' }),
    );
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) throw new Error('no profile in the response');
    const inResponseTo = profile.inResponseTo;
    if (typeof inResponseTo !== 'string' || inResponseTo === '') throw new Error('no InResponseTo');
    checkResponse(samlResponse, {
      certificatePem: certificatesOf(provider!),
      consumerUrl: sp.consumerUrl,
    });
    const { assertionId, expiresAt } = checkAssertion(profile, {
      issuer: provider!.idpEntityId,
      consumerUrl: sp.consumerUrl,
      now,
    });
    const keys = userKeysOf(profile);
    if (keys.length === 0) throw new Error('no user key in the assertion');
    return { inResponseTo, assertionId, expiresAt, keys };
  }

  /**
   * A refusal: logged with its message, recorded in the team's audit log by its reason code
   * (refusals.ts, rate-limited), and the browser sent to the failure page, which says no more.
   */
  async function fail(
    message: string,
    purpose: RequestPurpose['purpose'] | null,
    reason: SsoRefusalReason = refusalReasonOf(message),
    userKey?: string,
  ) {
    const audited = await auditRefusal(
      ctx,
      provider!.organizationId,
      { userId: null, ip: client.ip },
      {
        reason,
        providerId: provider!.id,
        userKey,
      },
    ).catch((err: unknown) => {
      ctx.log.warn({ err, providerId }, 'single sign-on refusal not recorded');
      return false;
    });
    ctx.log.info({ providerId, reason, message, audited }, 'single sign-on response refused');
    return purpose === 'link' ? ssoLanding.linkFailed : ssoLanding.loginFailed;
  }
}

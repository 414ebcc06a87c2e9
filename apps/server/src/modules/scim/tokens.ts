import { type ScimTokenCreated, type ScimTokenStatus, scimMessages } from '@roomscale/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { scimTokens } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import { type PersonActor, recordAudit } from '../audit/record.ts';
import { ScimError } from './errors.ts';

/** `lastUsedAt` is written at most this often per token, not on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const scimBaseUrl = (ctx: AppContext, organizationId: string) =>
  `${ctx.config.publicUrl}/scim/v2/${organizationId}`;

/** Creates the team's SCIM token, or replaces the one it has (which stops working at once). */
export async function createScimToken(
  ctx: AppContext,
  actor: PersonActor,
  organizationId: string,
): Promise<ScimTokenCreated> {
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ created: scimTokens.created })
      .from(scimTokens)
      .where(eq(scimTokens.organizationId, organizationId))
      .for('update');
    const values = { tokenHash: hashToken(token), created: now, createdBy: actor.userId };
    await tx
      .insert(scimTokens)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({
        target: scimTokens.organizationId,
        set: { ...values, lastUsedAt: null },
      });
    await recordAudit(tx, now, actor, {
      action: 'scim.tokenCreate',
      organizationId,
      after: { replaced: Boolean(before) },
    });
  });
  return { token, baseUrl: scimBaseUrl(ctx, organizationId) };
}

export async function scimTokenStatus(
  ctx: AppContext,
  organizationId: string,
): Promise<ScimTokenStatus> {
  const [row] = await ctx.db
    .select({ created: scimTokens.created, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(eq(scimTokens.organizationId, organizationId));
  return {
    enabled: Boolean(row),
    createdAt: row?.created.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

/** Revokes the team's token; revoking when there is none changes nothing and records nothing. */
export async function revokeScimToken(ctx: AppContext, actor: PersonActor, organizationId: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(scimTokens)
      .where(eq(scimTokens.organizationId, organizationId))
      .returning({ created: scimTokens.created });
    if (deleted.length === 0) return;
    await recordAudit(tx, now, actor, {
      action: 'scim.tokenRevoke',
      organizationId,
      before: { createdAt: deleted[0]!.created.toISOString() },
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** On a scimToken route: the team whose token the caller presented. */
    scimTeam: string | null;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bearer token of a SCIM request (as the access hook reads user tokens). */
export const scimBearer = (header: string | undefined) =>
  header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/i)?.[1] ?? null;

/**
 * The access rule `scimToken`: the bearer token must be the SCIM token of the team the path
 * names. Anything else — no token, a user's access token, another team's SCIM token, a revoked
 * one — is 401, so a token reaches only its own team and team ids cannot be probed with it.
 */
export const scimTokenRule =
  (ctx: Pick<AppContext, 'db' | 'clock'>) =>
  async (req: FastifyRequest): Promise<void> => {
    const raw = scimBearer(req.headers.authorization);
    const orgId = (req.params as Record<string, string | undefined>).organizationId;
    if (!raw || !orgId || !uuidPattern.test(orgId))
      throw new ScimError(401, scimMessages.unauthorized);
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .select({ lastUsedAt: scimTokens.lastUsedAt })
      .from(scimTokens)
      .where(and(eq(scimTokens.organizationId, orgId), eq(scimTokens.tokenHash, hashToken(raw))));
    if (!row) throw new ScimError(401, scimMessages.unauthorized);
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
      await ctx.db
        .update(scimTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(scimTokens.organizationId, orgId),
            or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, stale)),
          ),
        );
    }
    req.scimTeam = orgId;
  };

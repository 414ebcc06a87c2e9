import { limits, type Role, scimMessages, security, teamUserLimits } from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import SCIMMY from 'scimmy';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  memberships,
  organizations,
  scimUsers,
  teamInvitations,
  userLogins,
  users,
} from '../../db/schema.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { lockTeam } from '../licenses/accounting.ts';
import { adminCount, isActiveRole } from '../organizations/membership.ts';
import {
  joinTeamInvitationEmail,
  teamInvitationEmail,
  teamSsoInvitationEmail,
} from '../teamUsers/emails.ts';
import {
  openInvitation,
  retireExpiredInvitation,
  teamCreatedAccount,
  withdrawInvitation,
} from '../teamUsers/invitations.ts';
import { issueEmailToken } from '../users/email-tokens.ts';
import { declare, unmapped } from './discovery.ts';
import { ScimError } from './errors.ts';
import { scimBaseUrl } from './tokens.ts';
import { presentScimUser, scimUserOr404, scimUserRow, USER_SCHEMA } from './users.ts';

/** The author of every SCIM change in the audit log: the team's identity provider. */
export const scimActor = (ip: string | null): Actor => ({ userId: null, ip, name: 'SCIM' });

/** Entra ID sends booleans as strings ("False"); RFC 7643 says booleans are JSON booleans. */
const looseBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((v) => v.toLowerCase() === 'true'),
]);

const name = z.string().trim().min(1).max(limits.nameMax);

/** The User attributes we read (docs/scim.md "Mapping"); others are ignored, as RFC 7644 lets. */
const scimUserBody = z.object({
  userName: z.email().max(limits.emailMax),
  externalId: z.string().trim().min(1).max(255).nullish(),
  name: z.object({ givenName: name.optional(), familyName: name.optional() }).partial().nullish(),
  title: z.string().trim().max(limits.positionMax).nullish(),
  active: looseBoolean.optional(),
  emails: z
    .array(
      z.object({
        value: z.string(),
        type: z.string().optional(),
        primary: looseBoolean.optional(),
      }),
    )
    .nullish(),
});
type ScimUserBody = z.output<typeof scimUserBody>;

function parseUser(body: unknown): ScimUserBody {
  const parsed = scimUserBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.join('.') || 'body';
    throw new ScimError(
      400,
      `${at}: ${issue?.message ?? scimMessages.invalidUser}`,
      'invalidValue',
    );
  }
  return parsed.data;
}

const addressOf = (v: string) => v.trim().toLowerCase();

/** The work (or primary, or only) address given must be the userName. */
function checkEmails(body: ScimUserBody) {
  const emails = body.emails ?? [];
  const work =
    emails.find((e) => e.type?.toLowerCase() === 'work') ??
    emails.find((e) => e.primary) ??
    (emails.length === 1 ? emails[0] : undefined);
  if (work && addressOf(work.value) !== addressOf(body.userName))
    throw new ScimError(400, scimMessages.emailMismatch, 'invalidValue');
}

async function assertAnotherAdmin(tx: DbOrTx, organizationId: string) {
  if ((await adminCount(tx, organizationId)) < 2)
    throw new ScimError(400, scimMessages.lastAdmin, 'mutability');
}

async function rememberScimUser(
  tx: DbOrTx,
  organizationId: string,
  userId: string,
  values: { externalId?: string | null; suspendedRole?: Role | null },
  now: Date,
) {
  // Only the values given change (an externalId left out keeps the one stored).
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const insert = tx.insert(scimUsers).values({ organizationId, userId, ...set, created: now });
  const target = [scimUsers.organizationId, scimUsers.userId];
  await (Object.keys(set).length > 0
    ? insert.onConflictDoUpdate({ target, set })
    : insert.onConflictDoNothing({ target }));
}

/** The externalId is unique in the team: another user's is 409 uniqueness. */
async function assertExternalIdFree(
  tx: DbOrTx,
  organizationId: string,
  externalId: string | null | undefined,
  userId: string | null,
) {
  if (!externalId) return;
  const [row] = await tx
    .select({ userId: scimUsers.userId })
    .from(scimUsers)
    .where(and(eq(scimUsers.organizationId, organizationId), eq(scimUsers.externalId, externalId)));
  if (row && row.userId !== userId) throw new ScimError(409, scimMessages.userExists, 'uniqueness');
}

/**
 * POST /Users. A new address gets an account and joins the team at once as a User on Trial: with
 * the team's SSO login when the team has SAML set up (signs in with SSO, no password, mailed that
 * it was added), else with the activation mail of a team admin's add. An address that already has
 * an account gets what a team admin's add gives it: an invitation the person accepts; until then
 * the user is answered with `active: false`. A user already in the team (or already provisioned)
 * is 409 uniqueness.
 */
export async function createScimUser(
  ctx: AppContext,
  organizationId: string,
  body: unknown,
  ip: string | null,
) {
  const cmd = parseUser(body);
  checkEmails(cmd);
  if (cmd.active === false) throw new ScimError(400, scimMessages.createInactive, 'invalidValue');
  const email = addressOf(cmd.userName);
  const now = ctx.clock.now();
  const actor = scimActor(ip);
  const userId = await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    await assertExternalIdFree(tx, organizationId, cmd.externalId, null);
    if (existing) {
      if (await scimUserRow(tx, organizationId, existing.id))
        throw new ScimError(409, scimMessages.userExists, 'uniqueness');
      await retireExpiredInvitation(tx, organizationId, existing.id, now);
      const open = await openInvitation(tx, organizationId, existing.id, now);
      const token = randomToken();
      if (!open) {
        const [invitation] = await tx
          .insert(teamInvitations)
          .values({
            organizationId,
            userId: existing.id,
            email,
            kind: 'existing_account',
            status: 'pending',
            role: 'User',
            licenseType: 'Trial',
            invitedBy: null,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + teamUserLimits.invitationSeconds * 1000),
            created: now,
          })
          .returning({ id: teamInvitations.id });
        await enqueueMail(ctx, tx, joinTeamInvitationEmail(ctx.config, existing, org!.name, token));
        await recordAudit(tx, now, actor, {
          action: 'membership.add',
          entityId: invitation!.id,
          organizationId,
          after: { email, role: 'User', licenseType: 'Trial', invitation: 'pending' },
        });
      }
      await rememberScimUser(tx, organizationId, existing.id, { externalId: cmd.externalId }, now);
      return existing.id;
    }

    if (!cmd.name?.givenName || !cmd.name?.familyName)
      throw new ScimError(400, scimMessages.namesRequired, 'invalidValue');
    const sso = org!.samlLoginProviderId;
    const [user] = await tx
      .insert(users)
      .values({
        email,
        firstName: cmd.name.givenName,
        lastName: cmd.name.familyName,
        position: cmd.title || null,
        activated: Boolean(sso),
        created: now,
      })
      .returning();
    if (sso) {
      const [taken] = await tx
        .select({ id: userLogins.id })
        .from(userLogins)
        .where(and(eq(userLogins.loginProviderId, sso), eq(userLogins.providerKey, email)));
      if (taken) throw new ScimError(409, scimMessages.userExists, 'uniqueness');
      await tx.insert(userLogins).values({
        userId: user!.id,
        loginProviderId: sso,
        providerKey: email,
        displayName: org!.name,
        created: now,
      });
    }
    const token = sso ? null : await issueEmailToken(tx, user!.id, 'activation', now);
    await tx.insert(memberships).values({
      organizationId,
      userId: user!.id,
      role: 'User',
      licenseType: 'Trial',
      licenseAssignedAt: null,
      created: now,
    });
    await tx.insert(teamInvitations).values({
      organizationId,
      userId: user!.id,
      email,
      kind: 'new_account',
      status: 'accepted',
      role: 'User',
      licenseType: 'Trial',
      invitedBy: null,
      expiresAt: new Date(now.getTime() + security.activationTokenSeconds * 1000),
      answeredAt: now,
      created: now,
    });
    await enqueueMail(
      ctx,
      tx,
      token
        ? teamInvitationEmail(ctx.config, user!, org!.name, token)
        : teamSsoInvitationEmail(ctx.config, user!, org!.name),
    );
    await rememberScimUser(tx, organizationId, user!.id, { externalId: cmd.externalId }, now);
    await recordAudit(tx, now, actor, {
      action: 'membership.add',
      organizationId,
      targetUserId: user!.id,
      after: { email, role: 'User', licenseType: 'Trial', newAccount: true, sso: Boolean(sso) },
    });
    return user!.id;
  });
  return present(ctx, organizationId, userId);
}

async function present(ctx: AppContext, organizationId: string, userId: string) {
  const row = await scimUserOr404(ctx.db, organizationId, userId);
  return presentScimUser(scimBaseUrl(ctx, organizationId), row);
}

/**
 * Suspends (`active: false`) or restores (`active: true`) a member. Suspension removes the
 * membership as a team admin's removal does — role and license None, so every rule about a member
 * (access, lists, license counts, the teams of Me) leaves the person out at once and a License is
 * freed — and remembers the role; restoring gives the role back on Trial. The last admin stays.
 */
async function setActive(
  tx: DbOrTx,
  organizationId: string,
  row: NonNullable<Awaited<ReturnType<typeof scimUserRow>>>,
  active: boolean,
  actor: Actor,
  now: Date,
) {
  const membership = row.membership;
  const isActive = isActiveRole(membership?.role);
  if (active === isActive) return;
  if (!active) {
    if (!membership) return; // A pending invitee is not active yet.
    if (membership.role === 'Admin') await assertAnotherAdmin(tx, organizationId);
    await tx
      .update(memberships)
      .set({ role: 'None', licenseType: 'None', licenseAssignedAt: null, lastModified: now })
      .where(eq(memberships.id, membership.id));
    await rememberScimUser(
      tx,
      organizationId,
      row.user.id,
      { suspendedRole: membership.role },
      now,
    );
    await recordAudit(tx, now, actor, {
      action: 'membership.suspend',
      entityId: membership.id,
      organizationId,
      targetUserId: row.user.id,
      before: { role: membership.role, licenseType: membership.licenseType },
    });
    return;
  }
  if (!membership) throw new ScimError(400, scimMessages.awaitingAcceptance, 'mutability');
  // Removed by a team admin, not suspended here: only the team brings the person back.
  if (!row.suspendedRole) throw new ScimError(400, scimMessages.removedByAdmin, 'mutability');
  await tx
    .update(memberships)
    .set({
      role: row.suspendedRole,
      licenseType: 'Trial',
      licenseAssignedAt: null,
      lastModified: now,
    })
    .where(eq(memberships.id, membership.id));
  await rememberScimUser(tx, organizationId, row.user.id, { suspendedRole: null }, now);
  await recordAudit(tx, now, actor, {
    action: 'membership.restore',
    entityId: membership.id,
    organizationId,
    targetUserId: row.user.id,
    after: { role: row.suspendedRole, licenseType: 'Trial' },
  });
}

/**
 * The user becomes `next` (PUT's body, or PATCH's result): the address stays (400 mutability),
 * names and title change only on an account this team created (else 400 mutability), externalId
 * is kept, `active` suspends or restores.
 */
async function applyUser(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  next: ScimUserBody,
  ip: string | null,
) {
  const now = ctx.clock.now();
  const actor = scimActor(ip);
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const row = await scimUserOr404(tx, organizationId, userId);
    if (addressOf(next.userName) !== row.user.email)
      throw new ScimError(400, scimMessages.addressFixed, 'mutability');
    checkEmails(next);
    const changes = {
      ...(next.name?.givenName !== undefined &&
        next.name.givenName !== row.user.firstName && { firstName: next.name.givenName }),
      ...(next.name?.familyName !== undefined &&
        next.name.familyName !== row.user.lastName && { lastName: next.name.familyName }),
      ...((next.title || null) !== row.user.position && { position: next.title || null }),
    };
    if (Object.keys(changes).length > 0) {
      if (!(await teamCreatedAccount(tx, organizationId, userId)))
        throw new ScimError(400, scimMessages.namesLocked, 'mutability');
      await tx
        .update(users)
        .set({ ...changes, lastModified: now })
        .where(eq(users.id, userId));
      const before = Object.fromEntries(
        Object.keys(changes).map((k) => [k, row.user[k as keyof typeof changes] ?? null]),
      );
      await recordAudit(tx, now, actor, {
        action: 'membership.edit',
        entityId: row.membership?.id ?? null,
        organizationId,
        targetUserId: userId,
        before,
        after: changes,
      });
    }
    const externalId = next.externalId ?? null;
    if (externalId !== row.externalId) {
      await assertExternalIdFree(tx, organizationId, externalId, userId);
      await rememberScimUser(tx, organizationId, userId, { externalId }, now);
    }
    if (next.active !== undefined)
      await setActive(tx, organizationId, row, next.active, actor, now);
  });
  return present(ctx, organizationId, userId);
}

/** PUT /Users/{id}: the whole user (attributes left out are cleared: title). */
export function replaceScimUser(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  body: unknown,
  ip: string | null,
) {
  return applyUser(ctx, organizationId, userId, parseUser(body), ip);
}

const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const CORE_USER = `${USER_SCHEMA}:`.toLowerCase();
const ignoredAttributes = new Set(unmapped.map((a) => a.toLowerCase()));

/**
 * Whether an attribute path names something we do not store: an attribute of the core User schema
 * we do not map (Entra ID's default mappings send displayName, phone numbers, addresses,
 * preferredLanguage) or an extension's (the enterprise User's department, manager, …). Ignored,
 * as on creation, rather than refused: RFC 7644 lets a provider ignore what it does not store.
 */
function ignoredPath(path: string) {
  const lower = path.toLowerCase();
  const rest = lower.startsWith(CORE_USER) ? lower.slice(CORE_USER.length) : lower;
  if (rest.startsWith('urn:')) return true;
  return ignoredAttributes.has(rest.split(/[.[]/)[0] ?? '');
}

/**
 * The operations made RFC 7644's before scimmy applies them: Entra ID's booleans as strings
 * ("False") made booleans, in a path's value or in a value object (Okta sends real booleans), and
 * what we do not store (`ignoredPath`) left out.
 */
function normalizeOperations(body: unknown) {
  if (!body || typeof body !== 'object') return body;
  const ops = (body as { Operations?: unknown }).Operations;
  if (!Array.isArray(ops)) return body;
  const bool = (v: unknown) =>
    typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v;
  const kept = ops.flatMap((op) => {
    if (!op || typeof op !== 'object') return [op];
    const o = op as { path?: unknown; value?: unknown };
    if (typeof o.path === 'string') {
      if (ignoredPath(o.path)) return [];
      return [o.path.toLowerCase() === 'active' ? { ...o, value: bool(o.value) } : o];
    }
    if (o.path === undefined && o.value && typeof o.value === 'object' && !Array.isArray(o.value)) {
      const entries = Object.entries(o.value)
        .filter(([k]) => !ignoredPath(k))
        .map(([k, v]) => [k, k.toLowerCase() === 'active' ? bool(v) : v]);
      return entries.length > 0 ? [{ ...o, value: Object.fromEntries(entries) }] : [];
    }
    return [o];
  });
  return { ...body, Operations: kept };
}

/**
 * PATCH /Users/{id}: scimmy applies the operations (Okta's `{op:"replace", value:{active:false}}`,
 * Entra's `{op:"Replace", path:"active", value:"False"}`, paths with filters such as
 * `emails[type eq "work"].value`) to the user as we present it; the result is applied as a PUT.
 */
export async function patchScimUser(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  body: unknown,
  ip: string | null,
) {
  const current = await present(ctx, organizationId, userId);
  declare(); // the User schema cut to what we map: other paths are invalidPath
  const message = normalizeOperations(body) as Record<string, unknown>;
  if (!Array.isArray(message?.schemas)) {
    // Some clients leave the message schema out; the operations are what counts.
    if (message && typeof message === 'object') message.schemas = [PATCH_SCHEMA];
  }
  // Operations on nothing we store change nothing (scimmy refuses an empty list).
  const ops = (message as { Operations?: unknown }).Operations;
  if (Array.isArray(ops) && ops.length === 0) return current;
  const patch = new SCIMMY.Messages.PatchOp(message as never);
  const { meta: _meta, ...resource } = current;
  const result = await patch.apply(
    new SCIMMY.Schemas.User({ ...resource, schemas: [USER_SCHEMA] }, 'out') as never,
  );
  const next = JSON.parse(JSON.stringify(result ?? current));
  return applyUser(ctx, organizationId, userId, parseUser(next), ip);
}

/**
 * DELETE /Users/{id}: the person leaves the team (the membership removed as a team admin's removal
 * does; a pending invitation withdrawn); the account stays, it may be in other teams. The SCIM
 * user is gone (404 afterwards). The last admin stays.
 */
export async function deleteScimUser(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  ip: string | null,
) {
  const now = ctx.clock.now();
  const actor = scimActor(ip);
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const row = await scimUserOr404(tx, organizationId, userId);
    const membership = row.membership;
    if (membership && isActiveRole(membership.role)) {
      if (membership.role === 'Admin') await assertAnotherAdmin(tx, organizationId);
      await tx
        .update(memberships)
        .set({ role: 'None', licenseType: 'None', licenseAssignedAt: null, lastModified: now })
        .where(eq(memberships.id, membership.id));
    }
    if (!membership) {
      const open = await openInvitation(tx, organizationId, userId, now);
      if (open) await withdrawInvitation(tx, open.id, now);
    }
    await tx
      .delete(scimUsers)
      .where(and(eq(scimUsers.organizationId, organizationId), eq(scimUsers.userId, userId)));
    await recordAudit(tx, now, actor, {
      action: 'membership.remove',
      entityId: membership?.id ?? null,
      organizationId,
      targetUserId: userId,
      before: {
        role:
          membership?.role === 'None' ? (row.suspendedRole ?? 'None') : (membership?.role ?? null),
        licenseType: membership?.licenseType ?? null,
      },
    });
  });
}

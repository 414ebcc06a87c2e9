import {
  type AdminUser,
  type AdminUserPage,
  type AdminUserRow,
  type adminListQuery,
  adminMessages,
  type adminUserCreate,
  type adminUserEdit,
  serverMessages,
} from '@roomscale/shared';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { matchCount, searchPageAndCount } from '../../db/count.ts';
import { positionsOf, selectList } from '../../db/direct.ts';
import { memberships, organizations, userLogins, users } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { likePattern, paged } from '../../platform/http/paging.ts';
import { fieldError, notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { type Actor, changedFields, recordAudit } from '../audit/record.ts';
import { forgetting } from '../auth/sessions.ts';
import { namesOf } from '../licenses/presenter.ts';
import {
  activeMembership,
  activeMembershipSql,
  membershipColumns,
} from '../organizations/membership.ts';
import { issueEmailToken } from '../users/email-tokens.ts';
import { activationEmail } from '../users/emails.ts';
import { type AdminPageQuery, readAdminPage } from './pages.ts';
import { presentUser, presentUserRow } from './presenter.ts';
import { lockUserAndSuperAdmins } from './superAdmins.ts';

/** The teams a user is an active member of (a membership with role None is a removed member). */
const teamsCount = sql<number>`(select count(*)::int from memberships m
  where m.user_id = "users"."id" and ${activeMembershipSql('m')})`.mapWith(Number);

/** The list's order, which the index users_name_order holds. */
const byName = [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id)];
/**
 * The same order's keys as a search sorts its matches by them: the names in lower case as the
 * row stores them (`first_name_key`, `last_name_key`, kept by the trigger `users_name_keys`,
 * migration 0025), so sorting a search's matches lowercases none of them. No index holds this
 * order, so the planner cannot walk one in place of the trigram indexes: a search's matches are
 * not spread evenly along the order (every "Rossi" sits together), and such a walk read
 * thousands of rows before the first match.
 */
const firstKey = sql<string>`${users.firstNameKey}`;
const lastKey = sql<string>`${users.lastNameKey}`;

/**
 * One page of every user, by name, optionally those whose name or address holds the filter
 * (ignoring case). The count stops a window past the page (as file lists and the audit log do),
 * so a page costs the same at 200,000 users as at 2,000.
 */
export async function listUsers(
  ctx: AppContext,
  q: z.output<typeof adminListQuery>,
): Promise<AdminUserPage> {
  const where = userSearch(q.Filter);
  const [rows, entryCount] = where
    ? await searchPageAndCount(ctx.db, users, where, q, (search, offset) =>
        userSearchPage(ctx.db, search, offset, q.PageSize),
      )
    : await readAdminPage(ctx.db, 'users', q, ctx.clock.now(), userPageQuery, userRowAt);
  return paged(
    rows.map((r) => presentUserRow(r.u, r.teams)),
    { page: q.Page, pageSize: q.PageSize, entryCount, filter: q.Filter ?? '' },
  );
}

/**
 * Users whose full name ("First Last") or address holds the filter, ignoring case; none: every
 * user. A substring of the first or the last name is one of the full name too, so this and the
 * address are the whole search, each served by a pg_trgm index (users_name_key_trgm,
 * users_email_trgm). The name is matched in its stored lower-case form (`name_key`, which is
 * `lower(first_name) || ' ' || lower(last_name)`) against the pattern lowercased once by the
 * database: what `ILIKE` on the full name finds (it lowercases both sides the same way), without
 * lowercasing each match again to check it.
 */
export function userSearch(filter: string | undefined): SQL | undefined {
  const text = filter?.trim() ?? '';
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(sql`${users.nameKey} like lower(${pattern})`, ilike(users.email, pattern));
}

/** A row of the unfiltered page, in the order it is selected (`userRowAt` reads it by name). */
const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  position: users.position,
  email: users.email,
  created: users.created,
  lastModified: users.lastModified,
  superAdmin: users.superAdmin,
  activated: users.activated,
  imageUpdated: users.imageUpdated,
  teams: teamsCount,
};
const col = positionsOf(userColumns);

/** The unfiltered page's statement (pages.ts): a walk of users_name_order. */
export const userPageQuery: AdminPageQuery = () => ({
  table: sql`${users}`,
  order: sql.join(byName, sql`, `),
  columns: selectList(userColumns),
});

/** A row of `userPageQuery`, from column `at` on, as the presenter reads it. */
const userRowAt = (r: unknown[], at: number) => ({
  u: {
    id: r[at + col.id] as string,
    firstName: r[at + col.firstName] as string,
    lastName: r[at + col.lastName] as string,
    position: r[at + col.position] as string | null,
    email: r[at + col.email] as string,
    created: r[at + col.created] as Date,
    lastModified: r[at + col.lastModified] as Date | null,
    superAdmin: r[at + col.superAdmin] as boolean,
    activated: r[at + col.activated] as boolean,
    imageUpdated: r[at + col.imageUpdated] as Date | null,
  },
  teams: r[at + col.teams] as number,
});

/**
 * A page of the users `where` matches, each row with the number of matches. The matches are
 * sorted as narrow rows (the id and the order's keys, with their count in the same pass); only
 * the page's rows are then read whole, and only they count their teams.
 */
export function userSearchPage(db: DbOrTx, where: SQL, offset: number, limit: number) {
  const found = db
    .select({
      id: users.id,
      first: firstKey.as('first_key'),
      last: lastKey.as('last_key'),
      matches: matchCount.as('matches'),
    })
    .from(users)
    .where(where)
    .orderBy(firstKey, lastKey, asc(users.id))
    .limit(limit)
    .offset(offset)
    .as('found');
  return db
    .select({ u: users, teams: teamsCount, matches: found.matches })
    .from(found)
    .innerJoin(users, eq(users.id, found.id))
    .orderBy(found.first, found.last, found.id);
}

export async function getUser(db: DbOrTx, userId: string): Promise<AdminUser> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  const logins = await db
    .select()
    .from(userLogins)
    .where(eq(userLogins.userId, userId))
    .orderBy(asc(userLogins.created), asc(userLogins.id));
  const teams = await db
    .select({ team: organizations, ...membershipColumns })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), activeMembership()))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id));
  const nameOf = await namesOf(db, [u.createdBy, u.lastModifiedBy]);
  return presentUser(
    u,
    logins,
    teams.map((t) => ({
      organization: { id: t.team.id, name: t.team.name },
      role: t.role,
      licenseType: t.licenseType,
      imageUpdated: t.team.imageUpdated?.toISOString() ?? null,
    })),
    nameOf,
  );
}

/**
 * PUT /api/Admin/Users: an unactivated account and the activation email registration sends
 * (its link confirms the address and sets the first password). The mail's job is written in the
 * account's transaction: both or neither.
 */
export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof adminUserCreate>,
): Promise<AdminUserRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        superAdmin: input.superAdmin,
        created: now,
        createdBy: actor.userId,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw fieldError('email', serverMessages.emailInUse);
    const token = await issueEmailToken(tx, row.id, 'activation', now);
    await enqueueMail(ctx, tx, activationEmail(ctx.config, row, token));
    await recordAudit(tx, now, actor, {
      action: 'user.create',
      entityId: row.id,
      targetUserId: row.id,
      after: {
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        superAdmin: row.superAdmin,
      },
    });
    return presentUserRow(row, 0);
  });
}

/**
 * PATCH /api/Admin/Users/{userId}. Nobody takes their own super admin flag (they would lock
 * themselves out mid-session), and the platform keeps at least one super admin.
 */
export async function editUser(
  ctx: AppContext,
  caller: Caller,
  actor: Actor,
  userId: string,
  input: z.output<typeof adminUserEdit>,
): Promise<AdminUser> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { user, superAdminCount } = await lockUserAndSuperAdmins(tx, userId);
    if (user.superAdmin && !input.superAdmin) {
      if (userId === caller.userId) throw fieldError('superAdmin', adminMessages.ownSuperAdmin);
      if (superAdminCount <= 1) throw fieldError('superAdmin', adminMessages.lastSuperAdmin);
    }
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      // Left out, the position stays; null clears it.
      ...(input.position !== undefined && { position: input.position }),
      superAdmin: input.superAdmin,
      hasManualUserSubscription: input.hasManualUserSubscription,
    };
    const change = changedFields(user, fields);
    if (change.changed) {
      // The access check remembers who is a super admin for a moment: not past this change.
      forgetting(tx, () => ctx.sessionCache.forgetUser(userId));
      await tx
        .update(users)
        .set({ ...fields, lastModified: now, lastModifiedBy: caller.userId })
        .where(eq(users.id, userId));
      await recordAudit(tx, now, actor, {
        action: 'user.edit',
        entityId: userId,
        targetUserId: userId,
        before: change.before,
        after: change.after,
      });
    }
    return getUser(tx, userId);
  });
}

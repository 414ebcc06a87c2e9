import {
  type AdminOrganization,
  type AdminOrganizationPage,
  adminLimits,
  type adminListQuery,
  adminMessages,
  type adminOrganizationCreate,
  type adminOrganizationEdit,
  type adminOrganizationEdited,
  serverMessages,
} from '@roomscale/shared';
import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { matchCount, searchPageAndCount } from '../../db/count.ts';
import { positionsOf, selectList } from '../../db/direct.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { memberships, organizations, teamTotals, userLogins, users } from '../../db/schema.ts';
import type { Time } from '../../db/values.ts';
import type { Caller } from '../../platform/http/access.ts';
import { likePattern, paged } from '../../platform/http/paging.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/problem.ts';
import { teamKeyPrefix } from '../../platform/storage/keys.ts';
import { type Actor, changedFields, recordAudit } from '../audit/record.ts';
import { provider } from '../billing/provider.ts';
import { enqueuePurge } from '../files/purge.ts';
import { licenseCountWithMeta, licensingSummary, lockTeam } from '../licenses/accounting.ts';
import { licensesOfTeam, namesOf } from '../licenses/presenter.ts';
import { activeMembership } from '../organizations/membership.ts';
import { profileImageKey } from '../profileImages/service.ts';
import { providerIdOf } from '../sso/addresses.ts';
import { type AdminPageQuery, readAdminPage } from './pages.ts';
import { presentTeam, presentTeamRow, presentTeamUser } from './presenter.ts';
import { deleteTeamContents } from './teamContents.ts';

/**
 * What a row counts of its team is read from the team's kept totals (`team_totals`, one row per
 * team, joined by its key), which triggers keep to the rules the list counted by (migration 0031):
 * active members (a membership with role None is a removed member), the team's files (folders not
 * counted), its own rooms (not templates, not a meeting's temporary rooms) and the licenses its
 * active members' headset-store subscriptions give. Counting them for each row took six
 * subqueries, one a count of every file of the team. Every team has its row (made with the team);
 * a missing one would read as nothing counted.
 */
const kept = (column: AnyPgColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);
const usersCount = kept(teamTotals.members);
const filesCount = kept(teamTotals.files);
const roomsCount = kept(teamTotals.rooms);
/** Licenses at `now`: manual and paid ones as they run, the headset-store ones kept. */
const teamLicenseCount = (now: Time) =>
  licenseCountWithMeta(sql`"organizations"."id"`, now, kept(teamTotals.metaLicenses));
/** The teams with their totals: a count that reads none of them leaves the join out. */
const withTotals = sql`${organizations} left join ${teamTotals}
  on ${teamTotals.organizationId} = ${organizations.id}`;

/** The list's order, which the index organizations_name_order holds. */
const byName = [sql`lower(${organizations.name})`, asc(organizations.id)];
/**
 * The same order's key as a search sorts its matches by it, which the index cannot hold: a
 * search gathers its matches from the trigram indexes and sorts them (see firstKey in users.ts:
 * a name search's matches sit together in name order, where the planner expects them spread
 * evenly).
 */
const nameKey = sql<string>`(lower(${organizations.name}) || '')`;

/**
 * One page of every team, by name, optionally those whose name or company name holds the filter
 * (ignoring case; pg_trgm indexes on both columns serve it). The count stops a window past the
 * page, so a page costs the same at 20,000 teams as at 200.
 */
export async function listTeams(
  ctx: AppContext,
  q: z.output<typeof adminListQuery>,
): Promise<AdminOrganizationPage> {
  const where = teamSearch(q.Filter);
  const now = ctx.clock.now();
  const [rows, entryCount] = where
    ? await searchPageAndCount(ctx.db, organizations, where, q, (search, offset) =>
        teamSearchPage(ctx.db, search, offset, q.PageSize, now),
      )
    : await readAdminPage(ctx.db, 'teams', q, now, teamPageQuery, teamRowAt);
  return paged(
    rows.map((r) => presentTeamRow(r.o, r)),
    { page: q.Page, pageSize: q.PageSize, entryCount, filter: q.Filter ?? '' },
  );
}

/** Teams whose name or company name holds the filter, ignoring case; none: every team. */
export function teamSearch(filter: string | undefined): SQL | undefined {
  const text = filter?.trim() ?? '';
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(ilike(organizations.name, pattern), ilike(organizations.companyName, pattern));
}

/** What a row of the list shows beside the team's own columns. */
const rowCounts = (now: Time) => ({
  usersCount,
  filesCount,
  roomsCount,
  licenseCount: teamLicenseCount(now),
});

/** A row of the unfiltered page, in the order it is selected (`teamRowAt` reads it by name). */
const teamColumns = (now: Time) => ({
  id: organizations.id,
  name: organizations.name,
  created: organizations.created,
  lastModified: organizations.lastModified,
  imageUpdated: organizations.imageUpdated,
  ...rowCounts(now),
});
const col = positionsOf(teamColumns(new Date(0)));

/**
 * The unfiltered page's statement (pages.ts): a walk of organizations_name_order, each row of the
 * page joined to its team's totals by key.
 */
export const teamPageQuery: AdminPageQuery = (now) => ({
  table: withTotals,
  order: sql.join(byName, sql`, `),
  columns: selectList(teamColumns(now)),
});

/** A row of `teamPageQuery`, from column `at` on, as the presenter reads it. */
const teamRowAt = (r: unknown[], at: number) => ({
  o: {
    id: r[at + col.id] as string,
    name: r[at + col.name] as string,
    created: r[at + col.created] as Date,
    lastModified: r[at + col.lastModified] as Date | null,
    imageUpdated: r[at + col.imageUpdated] as Date | null,
  },
  usersCount: r[at + col.usersCount] as number,
  filesCount: r[at + col.filesCount] as number,
  roomsCount: r[at + col.roomsCount] as number,
  licenseCount: r[at + col.licenseCount] as number,
});

/**
 * A page of the teams `where` matches, each row with the number of matches. The matches are
 * sorted as narrow rows (the id and the order's key, with their count in the same pass); only
 * the page's teams are then read whole, with their totals.
 */
export function teamSearchPage(db: DbOrTx, where: SQL, offset: number, limit: number, now: Date) {
  const found = db
    .select({
      id: organizations.id,
      name: nameKey.as('name_key'),
      matches: matchCount.as('matches'),
    })
    .from(organizations)
    .where(where)
    .orderBy(nameKey, asc(organizations.id))
    .limit(limit)
    .offset(offset)
    .as('found');
  return db
    .select({ o: organizations, ...rowCounts(now), matches: found.matches })
    .from(found)
    .innerJoin(organizations, eq(organizations.id, found.id))
    .leftJoin(teamTotals, eq(teamTotals.organizationId, organizations.id))
    .orderBy(found.name, found.id);
}

export async function getTeam(ctx: AppContext, organizationId: string): Promise<AdminOrganization> {
  const [o] = await ctx.db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!o) throw notFound();
  const now = ctx.clock.now();
  const ofTeam = and(eq(memberships.organizationId, organizationId), activeMembership());
  const members = await ctx.db
    .select({ u: users, m: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(ofTeam)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .limit(adminLimits.teamUsersShown);
  // Its active members, as the list counts them (team_totals).
  const [counted] = await ctx.db
    .select({ n: teamTotals.members })
    .from(teamTotals)
    .where(eq(teamTotals.organizationId, organizationId));
  return presentTeam(o, {
    summary: await licensingSummary(ctx.db, organizationId, now),
    users: members.map((r) => presentTeamUser(r.u, r.m)),
    usersCount: counted?.n ?? 0,
    licenses: await licensesOfTeam(ctx.db, organizationId, now),
    nameOf: await namesOf(ctx.db, [o.createdBy, o.lastModifiedBy]),
  });
}

/** PUT /api/Admin/Organizations: a team from a name, without members until the admin adds them. */
export async function createTeam(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof adminOrganizationCreate>,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organizations)
      .values({ name: input.name, created: now, createdBy: actor.userId })
      .returning({ id: organizations.id });
    const id = row!.id;
    await recordAudit(tx, now, actor, {
      action: 'team.create',
      entityId: id,
      organizationId: id,
      after: { name: input.name },
    });
    return { organizationId: id, id };
  });
}

/** PATCH /api/Admin/Organizations/{organizationId}: details and the admin-only fields. */
export async function editTeam(
  ctx: AppContext,
  caller: Caller,
  actor: Actor,
  organizationId: string,
  input: z.output<typeof adminOrganizationEdit>,
): Promise<z.output<typeof adminOrganizationEdited>> {
  const now = ctx.clock.now();
  if (input.customerId) await assertNewCustomerExists(ctx, organizationId, input.customerId);
  return ctx.db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const [before] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!before) throw notFound();
    if (input.customerId) {
      // One payment customer pays for one team (a unique index keeps it under concurrent saves;
      // this read gives the usual case its field message before the write).
      const [other] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          and(
            eq(organizations.paymentCustomerId, input.customerId),
            ne(organizations.id, organizationId),
          ),
        );
      if (other) throw fieldError('customerId', adminMessages.customerInUse);
    }
    const fields = {
      name: input.name,
      companyName: input.companyName,
      industry: input.industry,
      selfManaged: input.selfManaged,
      paymentCustomerId: input.customerId,
    };
    const change = changedFields(before, fields);
    if (change.changed) {
      await tx
        .update(organizations)
        .set({ ...fields, lastModified: now, lastModifiedBy: caller.userId })
        .where(eq(organizations.id, organizationId))
        .catch((err: unknown) => {
          if (sqlState(err) === UNIQUE_VIOLATION)
            throw fieldError('customerId', adminMessages.customerInUse);
          throw err;
        });
      await recordAudit(tx, now, actor, {
        action: 'team.edit',
        entityId: organizationId,
        organizationId,
        before: change.before,
        after: change.after,
      });
    }
    return {
      organizationId,
      name: fields.name,
      companyName: fields.companyName,
      industry: fields.industry,
      customerId: fields.paymentCustomerId,
      selfManaged: fields.selfManaged,
    };
  });
}

/**
 * DELETE /api/Admin/Organizations/{organizationId}: the team goes for good. Its files, meetings,
 * rooms and usage totals are deleted first in bounded statements (`deleteTeamContents`); the
 * rest (memberships, licenses, invitations…) goes with its row (foreign keys cascade); every stored
 * object under the team's prefix, and its picture, are deleted by a purge job written in the
 * same transaction.
 */
export async function deleteTeam(ctx: AppContext, actor: Actor, organizationId: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const [team] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    // Written while the team row exists: the record copies its name.
    await recordAudit(tx, now, actor, {
      action: 'team.delete',
      entityId: organizationId,
      organizationId,
      before: { name: team?.name ?? null },
    });
    await deleteTeamContents(tx, organizationId);
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
    // The team's single sign-on logins go with its identity provider (saml_providers cascades);
    // their owners can still set a password with 'Forgot password'.
    await tx.delete(userLogins).where(eq(userLogins.loginProviderId, providerIdOf(organizationId)));
    await enqueuePurge(tx, { prefix: teamKeyPrefix(organizationId) }, now);
    await enqueuePurge(tx, { keys: [profileImageKey('organization', organizationId)] }, now);
  });
}

/**
 * A customer id attached by hand must exist at the payment provider (part1 §8 'the customer ID
 * does not exist'). Asked outside the transaction, and only when the id changes.
 */
async function assertNewCustomerExists(
  ctx: AppContext,
  organizationId: string,
  customerId: string,
) {
  const [team] = await ctx.db
    .select({ customerId: organizations.paymentCustomerId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!team || team.customerId === customerId) return;
  const { billing } = ctx;
  const found = await provider(() => billing.stripe.customers.retrieve(customerId)).catch(
    (e: unknown) => {
      if (e instanceof HttpError && e.status === 404) return null;
      throw e;
    },
  );
  if (!found || found.deleted) throw fieldError('customerId', serverMessages.customerIdMissing);
}

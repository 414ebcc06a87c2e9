import {
  insightLimits,
  META_LOGIN_PROVIDER,
  type TeamUser,
  teamUserLimits,
  type teamUserListQuery,
} from '@roomscale/shared';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  builtPerDatabase,
  builtStatement,
  type Built as DirectBuilt,
  positionsOf,
  runBuilt,
  selectList,
} from '../../db/direct.ts';
import { memberships, teamInvitations, userLogins, users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/types.ts';
import { likePattern } from '../../platform/http/paging.ts';
import { lastInVrOfRows, notInVrSince } from '../insight/queries.ts';
import { licenseCount, licensesInUse } from '../licenses/accounting.ts';
import { activeMembership, membershipColumns } from '../organizations/membership.ts';
import { pendingInTeam } from './invitations.ts';
import { presentListedMember, presentPendingInvitee } from './presenter.ts';

/**
 * The team users page (`GET /api/Organizations/{organizationId}/Users`) as one statement: the
 * members' and the pending invitees' counts, the team's licenses and those in use, the page of
 * members with their 'Last in VR', logins and whether the team created the account, and the
 * pending invitees that follow the members on this page. Drizzle built and mapped seven
 * statements on every call (the counts, the page, its logins, its `new_account` invitations, the
 * licensing summary and the pending invitees), which cost the server more than the database.
 *
 * The statement of each kind of list (a filter or not, 'Licensed, not in VR for 30 days' or not,
 * a screen's page size, the first page or a later one) is built once per database and run on the
 * driver with each call's values (db/direct.ts), the constants drizzle would bind (roles, kinds,
 * statuses) and the screens' page sizes written into its text. The screens' kinds are named
 * prepared statements: PostgreSQL plans each once per connection and keeps a generic plan after
 * five runs; list.test.ts holds, on a team of 2,000 among 20,000 memberships, that it does, and
 * that the generic plans read the tables as the plans for each call's values do.
 */

export type ListQuery = z.output<typeof teamUserListQuery>;

/** What a statement's text depends on; everything else is a value (`Values`). */
export type Shape = {
  filter: boolean;
  notInVr: boolean;
  /** A page size the screens ask for (`pageSizes`), written into the text; null: a value. */
  size: number | null;
  /** The first page: no offset, written so. */
  first: boolean;
};

/**
 * The page sizes the screens ask for: the Team > Users tab's, and the meeting form's search for
 * participants (apps/web/src/features/meetings/api.ts). A generic plan takes an unknown LIMIT
 * for a tenth of the rows and prices each row's 'Last in VR' for them: on a team of 2,000 it cost
 * more than the plans for each call's values, and PostgreSQL planned every call anew. Written
 * into the text, the size is priced as it is (list.test.ts).
 */
const pageSizes: readonly number[] = [teamUserLimits.pageSize, 5];

/** A number written into the statement's text. */
const written = (n: number) => sql.raw(String(n));

export type Values = {
  team: string;
  /** The filter as an ILIKE pattern ('' without a filter: then never bound). */
  pattern: string;
  /** The call's time: open invitations, manual licenses. */
  now: string;
  /** 'Not in VR' since: `insightLimits.notInVrDays` before now. */
  since: string;
  pageSize: number;
  offset: number;
};

const placeholder = (name: keyof Values) => sql.placeholder(name);
const P = {
  team: placeholder('team'),
  pattern: placeholder('pattern'),
  now: placeholder('now'),
  since: placeholder('since'),
  pageSize: placeholder('pageSize'),
  offset: placeholder('offset'),
};

export const shapeOf = (q: ListQuery): Shape => ({
  filter: (q.Filter?.trim() ?? '') !== '',
  notInVr: q.LicensedNotInVr === true,
  size: pageSizes.includes(q.PageSize) ? q.PageSize : null,
  first: q.Page === 1,
});

export function valuesOf(organizationId: string, q: ListQuery, now: Date): Values {
  return {
    team: organizationId,
    pattern: likePattern(q.Filter?.trim() ?? ''),
    now: now.toISOString(),
    since: new Date(now.getTime() - insightLimits.notInVrDays * 86_400_000).toISOString(),
    pageSize: q.PageSize,
    offset: (q.Page - 1) * q.PageSize,
  };
}

/**
 * Which members a list shows (removed members, role None, are not listed): the filter matches a
 * first name, last name, 'first last' and email, ignoring case.
 */
function memberWhere(shape: Shape): SQL {
  return and(
    eq(memberships.organizationId, P.team),
    activeMembership(),
    shape.filter
      ? or(
          ilike(users.firstName, P.pattern),
          ilike(users.lastName, P.pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, P.pattern),
          ilike(users.email, P.pattern),
        )
      : undefined,
    shape.notInVr
      ? and(eq(memberships.licenseType, 'License'), notInVrSince(sql`${users.id}`, P.team, P.since))
      : undefined,
  )!;
}

/** A pending invitee matches the typed address only; they have never been in VR for the team. */
const pendingWhere = (shape: Shape): SQL =>
  and(
    shape.notInVr ? sql`false` : undefined,
    pendingInTeam(P.team, P.now),
    shape.filter ? ilike(teamInvitations.email, P.pattern) : undefined,
  )!;

const provider = sql.raw(`'${META_LOGIN_PROVIDER}'`);

// What each member of the page carries beside their row ('Last in VR', their logins, whether the
// team created the account) is read once for the page by the page's ids: a subquery for each row
// cost a probe of each table for every member of the page.
const ids = sql`array(select id from page)`;
const last = lastInVrOfRows(sql`p.id`, P.team, ids);
const team = sql`${P.team}`;

/** The counts and the team's licenses, the first columns of every row. */
const countColumns = {
  members: sql`(select count(*)::int from members)`,
  pending: sql`(select count(*)::int from pending)`,
  licenses: licenseCount(team, sql`${P.now}`),
  inUse: licensesInUse(team),
};

/** A member's row of the page (`part` 1), after the counts. */
const memberColumns = {
  part: sql`1`,
  ord: sql`p.ord`,
  id: sql`p.id`,
  firstName: sql`p.first_name`,
  lastName: sql`p.last_name`,
  email: sql`p.email`,
  position: sql`p.position`,
  activated: sql`p.activated`,
  hasPassword: sql`p.has_password`,
  role: sql`p.role`,
  licenseType: sql`p.license_type`,
  lastInVr: last.at,
  hasSso: sql`coalesce(logins.sso, false)`,
  hasOculus: sql`coalesce(logins.oculus, false)`,
  createdByTeam: sql`created.user_id is not null`,
};

/** A pending invitee's row (`part` 2): the same columns as a member's. */
const pendingColumns: Record<keyof typeof memberColumns, SQL> = {
  part: sql`2`,
  ord: sql`row_number() over (order by i.email, i.id)`,
  id: sql`i.id`,
  firstName: sql`''`,
  lastName: sql`''`,
  email: sql`i.email`,
  position: sql`null`,
  activated: sql`false`,
  hasPassword: sql`false`,
  role: sql`i.role`,
  licenseType: sql`i.license_type`,
  lastInVr: sql`null`,
  hasSso: sql`false`,
  hasOculus: sql`false`,
  createdByTeam: sql`false`,
};
// The union takes its columns by position: the pending row's, in the member row's order.
const inMemberOrder = Object.fromEntries(
  Object.keys(memberColumns).map((key) => [key, pendingColumns[key as keyof typeof memberColumns]]),
);

/** Where the counts and a row's columns stand in each row the statement answers. */
const counted = positionsOf(countColumns);
const ROW = Object.keys(countColumns).length;
const col = positionsOf(memberColumns);

/**
 * The counts and the team's licenses on the first columns of every row, then a row of the page
 * each: the members by name (`part` 1), then the pending invitees by address (`part` 2) that fit
 * on the page, `ord` their order; an empty page is the counts' row alone, its other columns null.
 */
export function listQuery(shape: Shape): SQL {
  const size = shape.size === null ? P.pageSize : written(shape.size);
  const offset = shape.first ? written(0) : P.offset;
  return sql`with members as materialized (
      select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
        ${users.email} as email, ${users.position} as position, ${users.activated} as activated,
        ${users.passwordHash} is not null as has_password, ${membershipColumns.role} as role,
        ${membershipColumns.licenseType} as license_type
      from ${memberships} inner join ${users} on ${users.id} = ${memberships.userId}
      where ${memberWhere(shape)}
    ),
    page as (
      select *, row_number() over (order by lower(first_name), lower(last_name), id) as ord
      from members order by lower(first_name), lower(last_name), id
      limit ${size} offset ${offset}
    ),
    pending as materialized (
      select ${teamInvitations.id} as id, ${teamInvitations.email} as email,
        ${teamInvitations.role} as role, ${teamInvitations.licenseType} as license_type
      from ${teamInvitations} where ${pendingWhere(shape)}
    ),
    counts as (select ${selectList(countColumns, true)})
    select c.*, r.* from counts c left join lateral (
      select ${selectList(memberColumns, true)}
      from page p ${last.from}
      left join (select l.user_id, bool_or(l.login_provider_id <> ${provider}) as sso,
          bool_or(l.login_provider_id = ${provider}) as oculus
        from ${userLogins} l where l.user_id = any(${ids}) group by l.user_id) logins
        on logins.user_id = p.id
      left join (select distinct ti.user_id from ${teamInvitations} ti
        where ti.organization_id = ${P.team} and ti.kind = 'new_account'
          and ti.user_id = any(${ids})) created
        on created.user_id = p.id
      union all
      select ${selectList(inMemberOrder)}
      from (select * from pending order by email, id
        limit ${size} - (select count(*) from page)
        offset greatest(0, ${offset} - c.members)) i
    ) r on true
    order by r.part, r.ord`;
}

export type Built = DirectBuilt<Values>;

const kinds = builtPerDatabase<Values>();

/**
 * The statement of a kind of list, built once per database. The screens' page sizes run as
 * named statements (the name stands for the text); any other size is unnamed, planned for each
 * call's values.
 */
export function statementOf(db: DbOrTx, shape: Shape): Built {
  const key = `${Number(shape.filter)}${Number(shape.notInVr)}_${shape.size ?? 'n'}_${Number(shape.first)}`;
  return kinds(db, key, () =>
    builtStatement<Values>(shape.size === null ? '' : `team_users_list_${key}`, listQuery(shape)),
  );
}

const isoOf = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();

export type ListedPage = {
  memberCount: number;
  pendingCount: number;
  licenseCount: number;
  licensesInUse: number;
  /** The page: members first, then pending invitees. */
  rows: TeamUser[];
};

/**
 * One page of the team's users and its counts, read in one statement. A member's 'Last in VR'
 * is shown where `seesLastInVr` says so (null otherwise).
 */
export async function readTeamUsers(
  db: DbOrTx,
  organizationId: string,
  q: ListQuery,
  now: Date,
  seesLastInVr: (userId: string) => boolean,
): Promise<ListedPage> {
  const rows = await runBuilt(db, statementOf(db, shapeOf(q)), valuesOf(organizationId, q, now));
  const head = rows[0]!;
  return {
    memberCount: head[counted.members] as number,
    pendingCount: head[counted.pending] as number,
    licenseCount: head[counted.licenses] as number,
    licensesInUse: head[counted.inUse] as number,
    // An empty page is the counts' row alone.
    rows:
      head[ROW + col.part] === null
        ? []
        : rows.map((r) => (r[ROW + col.part] === 1 ? memberOf(r, seesLastInVr) : pendingOf(r))),
  };
}

/** A member's row (`part` 1), its columns from `ROW` on. */
function memberOf(r: unknown[], seesLastInVr: (userId: string) => boolean): TeamUser {
  const id = r[ROW + col.id] as string;
  const lastInVr = r[ROW + col.lastInVr];
  return presentListedMember({
    user: {
      id,
      firstName: r[ROW + col.firstName] as string,
      lastName: r[ROW + col.lastName] as string,
      email: r[ROW + col.email] as string,
      position: r[ROW + col.position] as string | null,
      activated: r[ROW + col.activated] as boolean,
    },
    hasPassword: r[ROW + col.hasPassword] as boolean,
    membership: {
      role: r[ROW + col.role] as TeamUser['role'],
      licenseType: r[ROW + col.licenseType] as TeamUser['licenseType'],
    },
    hasSso: r[ROW + col.hasSso] as boolean,
    hasOculus: r[ROW + col.hasOculus] as boolean,
    createdByTeam: r[ROW + col.createdByTeam] as boolean,
    lastInVrAt: lastInVr !== null && seesLastInVr(id) ? isoOf(lastInVr) : null,
  });
}

/** A pending invitee's row (`part` 2). */
const pendingOf = (r: unknown[]): TeamUser =>
  presentPendingInvitee({
    id: r[ROW + col.id] as string,
    email: r[ROW + col.email] as string,
    role: r[ROW + col.role] as TeamUser['role'],
    licenseType: r[ROW + col.licenseType] as TeamUser['licenseType'],
  });

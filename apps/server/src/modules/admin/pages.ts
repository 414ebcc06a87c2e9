import { limits } from '@roomscale/shared';
import type { SQL } from 'drizzle-orm';
import {
  listPageStatement,
  type PageQuery,
  type PageValues,
  pageValues,
  placeholder,
  readListPage,
} from '../../db/listPage.ts';
import type { DbOrTx } from '../../db/types.ts';

/**
 * The admin users and teams lists without a search: each page and its count one statement
 * (db/listPage.ts), named for the screens' page size. listsAtScale.test.ts holds that their
 * generic plans at 30,000 rows walk the lists' name-order indexes, as the plans for each call's
 * values do. A search is planned for its values (users.ts, teams.ts): its matches are gathered
 * from trigram indexes, however many there are.
 */

/** A call's values: the page's, and the time now (a team's licenses are those running now). */
export type AdminPageValues = PageValues & { now: string };

/** What a list's statement reads, given the time now as a placeholder. */
export type AdminPageQuery = (now: SQL) => PageQuery;

type Kind = 'teams' | 'users';
const screenSize = { teams: limits.adminPageSizeTeams, users: limits.adminPageSizeUsers };

/** The statement of a list's pages of `pageSize` rows: its first page's, or a later one's. */
export const adminPageStatement = (
  db: DbOrTx,
  kind: Kind,
  pageSize: number,
  page: number,
  query: AdminPageQuery,
) =>
  listPageStatement<AdminPageValues>(
    db,
    `admin_${kind}`,
    pageSize === screenSize[kind] ? `admin_${kind}_page` : '',
    pageSize,
    page === 1,
    () => query(placeholder('now').getSQL()),
  );

/** One call's values. */
export const adminPageValues = (page: number, pageSize: number, now: Date): AdminPageValues => ({
  ...pageValues(page, pageSize),
  now: now.toISOString(),
});

/** A page of a list without a search and how many rows it holds (a window past the page). */
export const readAdminPage = <T>(
  db: DbOrTx,
  kind: Kind,
  q: { Page: number; PageSize: number },
  now: Date,
  query: AdminPageQuery,
  read: (row: unknown[], at: number) => T,
) =>
  readListPage(
    db,
    adminPageStatement(db, kind, q.PageSize, q.Page, query),
    adminPageValues(q.Page, q.PageSize, now),
    read,
  );

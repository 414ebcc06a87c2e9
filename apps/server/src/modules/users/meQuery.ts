import type { LicenseType, Role } from '@roomscale/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

type LoginJson = { loginProviderId: string; displayName: string; providerKey: string };
type TeamJson = {
  id: string;
  name: string;
  role: Role;
  licenseType: LicenseType;
  imageUpdated: string | null;
};

/**
 * GET /api/Users/Me in one round trip (docs/performance.md "The hot path"): the user with their
 * logins and active memberships aggregated as JSON, ordered as the team lists are. Served by the
 * primary key and the user indexes of user_logins and memberships.
 */
// Written out with its table: a one-table select leaves columns unqualified, which the
// subqueries' own tables would make ambiguous.
const userIdColumn = sql.raw('"users"."id"');

function meSelect(db: DbOrTx) {
  return db
    .select({
      user: users,
      logins: sql<LoginJson[]>`coalesce((
        select json_agg(json_build_object(
          'loginProviderId', l.login_provider_id,
          'displayName', l.display_name,
          'providerKey', l.provider_key) order by l.created, l.login_provider_id)
        from user_logins l where l.user_id = ${userIdColumn}), '[]'::json)`,
      teams: sql<TeamJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', o.id,
          'name', o.name,
          'role', m.role,
          'licenseType', m.license_type,
          'imageUpdated', o.image_updated) order by lower(o.name), o.name, o.id)
        from memberships m join organizations o on o.id = m.organization_id
        where m.user_id = ${userIdColumn} and m.role <> 'None'), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')));
}

const prepared = new WeakMap<object, ReturnType<ReturnType<typeof meSelect>['prepare']>>();

/** The prepared statement, made once per database: the hot path skips building the query. */
export async function loadMe(db: Db, userId: string) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = meSelect(db).prepare('users_me');
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  return row ?? null;
}

import type { LicenseType, Role } from '@roomscale/shared';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { directStatement } from '../../db/direct.ts';
import { users } from '../../db/schema.ts';
import { activeMembershipSql } from '../organizations/membership.ts';

/** A time as the API writes it (UTC, milliseconds, `Z`), already written so by PostgreSQL. */
type ApiTime = string;

/** The user as GET /api/Users/Me reads them: one JSON value (meSelect). */
export type MeRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  position: string | null;
  superAdmin: boolean;
  privacyAccepted: ApiTime | null;
  termsAccepted: ApiTime | null;
  avatarUrl: string | null;
  activated: boolean;
  /** Whether the user has a password; the hash itself is never read here. */
  hasPassword: boolean;
  imageUpdated: ApiTime | null;
  hasManualUserSubscription: boolean;
  hasMetaSubscription: boolean;
  created: ApiTime;
  createdBy: string | null;
  lastModified: ApiTime | null;
  lastModifiedBy: string | null;
  logins: { loginProviderId: string; displayName: string; providerKey: string }[];
  teams: {
    id: string;
    name: string;
    role: Role;
    licenseType: LicenseType;
    imageUpdated: ApiTime | null;
  }[];
};

/**
 * GET /api/Users/Me in one round trip (docs/performance.md "The hot path"): the user with their
 * logins and active memberships, ordered as the team lists are, built by PostgreSQL as ONE JSON
 * value. One column instead of twenty: the driver describes and converts a column on every
 * execution, which cost this hottest call more than the rest of its query did. Served by the
 * primary key and the user indexes of user_logins and memberships.
 */
const u = alias(users, 'u');

/**
 * A time column as the API writes times, by PostgreSQL: the node process is the busy side of
 * this call, and parsing then formatting a date there cost about a microsecond each.
 * `to_char`'s MS truncates to the millisecond, as a JavaScript Date does.
 */
const apiTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function meSelect(db: Db) {
  return db
    .select({
      me: sql<MeRow>`json_build_object(
        'id', u.id,
        'email', u.email,
        'firstName', u.first_name,
        'lastName', u.last_name,
        'position', u.position,
        'superAdmin', u.super_admin,
        'privacyAccepted', ${apiTime('u.privacy_accepted')},
        'termsAccepted', ${apiTime('u.terms_accepted')},
        'avatarUrl', u.avatar_url,
        'activated', u.activated,
        'hasPassword', u.password_hash is not null,
        'imageUpdated', ${apiTime('u.image_updated')},
        'hasManualUserSubscription', u.has_manual_user_subscription,
        'hasMetaSubscription', u.has_meta_subscription,
        'created', ${apiTime('u.created')},
        'createdBy', u.created_by,
        'lastModified', ${apiTime('u.last_modified')},
        'lastModifiedBy', u.last_modified_by,
        'logins', coalesce((
          select json_agg(json_build_object(
            'loginProviderId', l.login_provider_id,
            'displayName', l.display_name,
            'providerKey', l.provider_key) order by l.created, l.login_provider_id)
          from user_logins l where l.user_id = u.id), '[]'::json),
        'teams', coalesce((
          select json_agg(json_build_object(
            'id', o.id,
            'name', o.name,
            'role', m.role,
            'licenseType', m.license_type,
            'imageUpdated', ${apiTime('o.image_updated')}) order by lower(o.name), o.name, o.id)
          from memberships m join organizations o on o.id = m.organization_id
          where m.user_id = u.id and ${activeMembershipSql('m')}), '[]'::json))`,
    })
    .from(u)
    .where(eq(u.id, sql.placeholder('userId')));
}

/** Built once per database and run as the prepared statement `users_me` (db/direct.ts). */
const meStatement = directStatement<MeRow>('users_me', meSelect);

export async function loadMe(db: Db, userId: string): Promise<MeRow | null> {
  const [me] = await meStatement(db, [userId]);
  return me ?? null;
}

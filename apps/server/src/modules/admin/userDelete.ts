import { adminMessages, enumNumber, FileScopes } from '@roomscale/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fileItems, meetings, memberships, organizations, rooms, users } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { badRequest } from '../../platform/http/problem.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { forgetting } from '../auth/sessions.ts';
import { enqueuePurge } from '../files/purge.ts';
import { lockTeam } from '../licenses/accounting.ts';
import { loadDetails } from '../meetings/load.ts';
import { mailsAfterDelete, queueMails } from '../meetings/mailing.ts';
import { adminMembership, othersInTeam } from '../organizations/membership.ts';
import { profileImageKey } from '../profileImages/service.ts';
import { forgetUserFacts } from '../usage/forget.ts';
import { lockUserAndSuperAdmins } from './superAdmins.ts';

const personalScope = enumNumber(FileScopes, 'User');
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * A user who is the only admin of a team with other active members cannot go: the team would be
 * left without anyone to run it. Each such team is locked first, so no admin leaves it meanwhile.
 */
async function assertNoTeamLeftWithoutAdmin(tx: DbOrTx, userId: string) {
  const adminOf = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), adminMembership()))
    .orderBy(asc(organizations.id));
  for (const team of adminOf) {
    await lockTeam(tx, team.id);
    const others = await othersInTeam(tx, team.id, userId);
    if (others.admins === 0 && others.members > 0) {
      throw badRequest(adminMessages.onlyAdminOf(team.name));
    }
  }
}

/** Stored objects of the user's personal files, with everything inside their folders. */
async function personalFileKeys(tx: DbOrTx, userId: string) {
  const res = await tx.execute(sql`with recursive t(id) as (
      select id from ${fileItems} where scope = ${personalScope} and owner_user_id = ${userId}
      union all
      select c.id from ${fileItems} c join t on c.parent_id = t.id
    )
    select f.blob_key, f.thumbnail_key from ${fileItems} f where f.id in (select id from t)`);
  return rowsOf<{ blob_key: string | null; thumbnail_key: string | null }>(res)
    .flatMap((r) => [r.blob_key, r.thumbnail_key])
    .filter((k): k is string => Boolean(k));
}

/**
 * DELETE /api/Admin/Users/{userId}: the account goes for good, in one transaction. Its personal
 * files, private rooms and the meetings it created are deleted here; logins, sessions,
 * memberships, invitations, the seat and the usage totals naming the user go with the user row
 * (foreign keys cascade); the raw usage facts naming them are deleted here. Team files
 * and team rooms it made stay with the team. The stored objects of the deleted files and the
 * profile picture are deleted by a purge job written in the same transaction.
 */
export async function deleteUser(ctx: AppContext, caller: Caller, actor: Actor, userId: string) {
  if (userId === caller.userId) throw badRequest(adminMessages.deleteSelf);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { user, superAdminCount } = await lockUserAndSuperAdmins(tx, userId);
    if (user.superAdmin && superAdminCount <= 1) throw badRequest(adminMessages.lastSuperAdmin);
    await assertNoTeamLeftWithoutAdmin(tx, userId);

    const keys = await personalFileKeys(tx, userId);
    // Written while the user row exists: the record copies their name.
    await recordAudit(tx, now, actor, {
      action: 'user.delete',
      entityId: userId,
      targetUserId: userId,
      before: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        superAdmin: user.superAdmin,
      },
    });
    await tx
      .delete(fileItems)
      .where(and(eq(fileItems.scope, personalScope), eq(fileItems.ownerUserId, userId)));
    await tx
      .delete(rooms)
      .where(and(eq(rooms.ownerUserId, userId), eq(rooms.sharingType, 'OwnerUser')));
    // Meetings still to come are cancelled in their participants' calendars, as a delete does.
    const upcoming = await tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.createdByUserId, userId), gt(meetings.endDate, now)));
    for (const d of await loadDetails(tx, upcoming))
      await queueMails(ctx, tx, await mailsAfterDelete(ctx, tx, d, now));
    await tx.delete(meetings).where(eq(meetings.createdByUserId, userId));
    forgetting(tx, () => ctx.sessionCache.forgetUser(userId));
    await forgetUserFacts(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    await enqueuePurge(tx, { keys: [...keys, profileImageKey('user', userId)] }, now);
  });
}

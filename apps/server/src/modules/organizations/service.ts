import type { Membership, Organization, organizationRegister } from '@roomscale/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations, users } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { notFound } from '../../platform/http/problem.ts';
import { changedFields, type PersonActor, recordAudit } from '../audit/record.ts';
import { effectiveLicenseType } from '../licenses/policy.ts';
import { membershipColumns } from './membership.ts';
import { founderMembership, teamsOfUser } from './policy.ts';
import { presentMembership, presentOrganization } from './presenter.ts';

export type TeamInput = z.output<typeof organizationRegister>;

/** A new team; its creator becomes its admin on a trial license. Call inside a transaction. */
export async function createTeam(tx: DbOrTx, creatorId: string, input: TeamInput, now: Date) {
  const [team] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      companyName: input.companyName,
      industry: input.industry,
      created: now,
      createdBy: creatorId,
    })
    .returning();
  await tx.insert(memberships).values({
    organizationId: team!.id,
    userId: creatorId,
    ...founderMembership,
    created: now,
  });
  return team!;
}

export async function registerOrganization(
  ctx: AppContext,
  caller: Caller,
  input: TeamInput,
): Promise<Organization> {
  const now = ctx.clock.now();
  const team = await ctx.db.transaction((tx) => createTeam(tx, caller.userId, input, now));
  return presentOrganization(team);
}

export async function getOrganization(ctx: AppContext, organizationId: string) {
  const [team] = await ctx.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!team) throw notFound();
  return presentOrganization(team);
}

/** Team details (part2 §3 edit command), with the registration's rules already applied. */
export async function editOrganization(
  ctx: AppContext,
  actor: PersonActor,
  organizationId: string,
  input: TeamInput,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!before) throw notFound();
    const changes = { name: input.name, companyName: input.companyName, industry: input.industry };
    const [team] = await tx
      .update(organizations)
      .set({ ...changes, lastModified: now, lastModifiedBy: actor.userId })
      .where(eq(organizations.id, organizationId))
      .returning();
    const diff = changedFields(before, changes);
    if (diff.changed)
      await recordAudit(tx, now, actor, {
        action: 'team.edit',
        entityId: organizationId,
        organizationId,
        before: diff.before,
        after: diff.after,
      });
    return presentOrganization(team!);
  });
}

/** The teams a user belongs to, by name ignoring case; removed members (role None) are not listed. */
export async function membershipsOf(db: DbOrTx, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({
      team: organizations,
      ...membershipColumns,
      ownSubscription: sql<boolean>`(${users.hasManualUserSubscription} or ${users.hasMetaSubscription})`,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(teamsOfUser(userId))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.name), asc(organizations.id));
  return rows.map((r) =>
    presentMembership(r.team, {
      role: r.role,
      licenseType: effectiveLicenseType(r.licenseType, r.ownSubscription),
    }),
  );
}

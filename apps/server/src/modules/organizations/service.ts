import type { Membership, Organization, organizationRegister } from '@roomscale/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { notFound } from '../../platform/http/problem.ts';
import { activeMembership } from './membership.ts';
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
    role: 'Admin',
    licenseType: 'Trial',
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
  caller: Caller,
  organizationId: string,
  input: TeamInput,
) {
  const [team] = await ctx.db
    .update(organizations)
    .set({
      name: input.name,
      companyName: input.companyName,
      industry: input.industry,
      lastModified: ctx.clock.now(),
      lastModifiedBy: caller.userId,
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!team) throw notFound();
  return presentOrganization(team);
}

/** The teams a user belongs to, by name ignoring case; removed members (role None) are not listed. */
export async function membershipsOf(db: DbOrTx, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({ team: organizations, role: memberships.role, licenseType: memberships.licenseType })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), activeMembership()))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.name), asc(organizations.id));
  return rows.map((r) => presentMembership(r.team, r));
}

import {
  type pageQuery,
  propagatedTemplateFields,
  type RoomTemplate,
  type RoomTemplatePage,
  roomLimits,
  roomMessages,
  type roomTemplateCreate,
  type roomTemplateEdit,
} from '@roomscale/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, rooms, roomTemplateOrganizations, users } from '../../db/schema.ts';
import { likePattern, paged } from '../../platform/http/paging.ts';
import { fieldError, notFound } from '../../platform/http/problem.ts';
import { changedFields, type PersonActor, recordAudit, withTeamNames } from '../audit/record.ts';
import { presentTemplate, presentTemplateSummary } from './presenter.ts';

/** Platform templates: made by super admins, owned by no team (teams' own templates are not here). */
const platformTemplate = and(
  eq(rooms.isTemplate, true),
  isNull(rooms.organizationId),
  isNull(rooms.meetingId),
);

/** Rooms teams keep that were made from a template (temporary meeting rooms are not counted). */
const roomCount = sql<number>`(select count(*)::int from rooms r
  where r.template_id = "rooms"."id" and not r.is_template and r.meeting_id is null)`.mapWith(
  Number,
);

/** `lock` serializes saves of one template (its allowlist is replaced as a whole). */
async function findTemplate(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, id), platformTemplate));
  const [t] = lock ? await query.for('update') : await query;
  if (!t) throw notFound();
  return t;
}

const fullName = (u: { firstName: string; lastName: string } | undefined) =>
  u ? `${u.firstName} ${u.lastName}`.trim() : null;

export async function getTemplate(ctx: AppContext, id: string): Promise<RoomTemplate> {
  const t = await findTemplate(ctx.db, id);
  const [counted] = await ctx.db.select({ n: roomCount }).from(rooms).where(eq(rooms.id, id));
  const allowed = await ctx.db
    .select({ id: organizations.id, name: organizations.name })
    .from(roomTemplateOrganizations)
    .innerJoin(organizations, eq(organizations.id, roomTemplateOrganizations.organizationId))
    .where(eq(roomTemplateOrganizations.roomId, id))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id));
  const people = [t.createdBy, t.lastModifiedBy].filter((x): x is string => Boolean(x));
  const names = people.length
    ? await ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const nameOf = (uid: string | null) => fullName(names.find((n) => n.id === uid));
  return presentTemplate(t, {
    roomCount: counted?.n ?? 0,
    allowedOrganizations: allowed,
    createdByName: nameOf(t.createdBy),
    lastModifiedByName: nameOf(t.lastModifiedBy),
  });
}

/** A new template from a name. It starts hidden (sharing None) until the admin completes it. */
export async function createTemplate(
  ctx: AppContext,
  actor: PersonActor,
  input: z.output<typeof roomTemplateCreate>,
): Promise<RoomTemplate> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .insert(rooms)
      .values({
        isTemplate: true,
        name: input.name,
        maxUsers: roomLimits.defaultMaxUsers,
        sharingType: 'None',
        created: now,
        createdBy: actor.userId,
      })
      .returning({ id: rooms.id });
    await recordAudit(tx, now, actor, {
      action: 'template.create',
      entityId: t!.id,
      subjectName: input.name,
      after: { name: input.name },
    });
    return t!.id;
  });
  return getTemplate(ctx, id);
}

/**
 * Saves the whole form. The allowlist counts only for OrganizationAllowlist and is cleared
 * otherwise. The asterisk fields are copied to every room made from the template, in the same
 * transaction, so no room ever shows half an update.
 */
export async function editTemplate(
  ctx: AppContext,
  actor: PersonActor,
  id: string,
  input: z.output<typeof roomTemplateEdit>,
): Promise<RoomTemplate> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findTemplate(tx, id, true);
    const allowedBefore = await tx
      .select({ id: roomTemplateOrganizations.organizationId })
      .from(roomTemplateOrganizations)
      .where(eq(roomTemplateOrganizations.roomId, id));
    const allowlist =
      input.roomSharingType === 'OrganizationAllowlist'
        ? [...new Set(input.allowedOrganizations)]
        : [];
    if (allowlist.length > 0) {
      const known = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(inArray(organizations.id, allowlist));
      if (known.length !== allowlist.length) {
        throw fieldError('allowedOrganizations', roomMessages.unknownTeam);
      }
    }
    const fields = {
      name: input.name,
      category: input.category,
      description: input.description,
      imageUrl: input.imageUrl,
      sceneName: input.sceneName,
      addressableUrlAndroid: input.addressableUrlAndroid,
      addressableUrlWindows: input.addressableUrlWindows,
      addressableUrlMac: input.addressableUrlMac,
      maxUsers: input.maxUsers,
      persistent: input.persistent,
      capabilities: input.capabilities,
      sharingType: input.roomSharingType,
    };
    const stamp = { lastModified: now, lastModifiedBy: actor.userId };
    const diff = changedFields(
      { ...before, allowedOrganizations: allowedBefore.map((a) => a.id).sort() },
      { ...fields, allowedOrganizations: [...allowlist].sort() },
    );
    if (diff.changed)
      await recordAudit(tx, now, actor, {
        action: 'template.edit',
        entityId: id,
        subjectName: input.name,
        before: await withTeamNames(tx, diff.before),
        after: await withTeamNames(tx, diff.after),
      });
    await tx
      .update(rooms)
      .set({ ...fields, ...stamp })
      .where(eq(rooms.id, id));
    await tx.delete(roomTemplateOrganizations).where(eq(roomTemplateOrganizations.roomId, id));
    if (allowlist.length > 0) {
      await tx
        .insert(roomTemplateOrganizations)
        .values(allowlist.map((organizationId) => ({ roomId: id, organizationId })));
    }
    const propagated = Object.fromEntries(propagatedTemplateFields.map((f) => [f, fields[f]]));
    await tx
      .update(rooms)
      .set({ ...propagated, ...stamp })
      .where(eq(rooms.templateId, id));
  });
  return getTemplate(ctx, id);
}

/** Rooms made from the template keep their copies of its fields; only the link is cleared. */
export async function deleteTemplate(ctx: AppContext, actor: PersonActor, id: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const t = await findTemplate(tx, id);
    await tx.delete(rooms).where(eq(rooms.id, id));
    await recordAudit(tx, now, actor, {
      action: 'template.delete',
      entityId: id,
      subjectName: t.name,
      before: { name: t.name, sharingType: t.sharingType },
    });
  });
}

export async function listTemplates(
  ctx: AppContext,
  q: z.output<typeof pageQuery>,
): Promise<RoomTemplatePage> {
  const filter = q.Filter?.trim() ?? '';
  const where = filter
    ? and(
        platformTemplate,
        or(ilike(rooms.name, likePattern(filter)), ilike(rooms.description, likePattern(filter))),
      )
    : platformTemplate;
  const [total] = await ctx.db.select({ n: count() }).from(rooms).where(where);
  const rows = await ctx.db
    .select({ t: rooms, roomCount })
    .from(rooms)
    .where(where)
    .orderBy(sql`lower(${rooms.name})`, asc(rooms.id))
    .limit(q.PageSize)
    .offset((q.Page - 1) * q.PageSize);
  return paged(
    rows.map((r) => presentTemplateSummary(r.t, r.roomCount)),
    { page: q.Page, pageSize: q.PageSize, entryCount: total?.n ?? 0, filter: q.Filter ?? '' },
  );
}

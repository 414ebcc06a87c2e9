import {
  type Meeting,
  type MeetingPage,
  type MeetingRoom,
  type meetingCreate,
  type meetingListQuery,
  meetingMessages,
  type meetingUpdate,
  type Participant,
} from '@roomscale/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflictWhenGone } from '../../db/errors.ts';
import { meetingParticipants, meetings, rooms } from '../../db/schema.ts';
import { groupedBy } from '../../platform/grouped.ts';
import type { Caller, TeamContext } from '../../platform/http/access.ts';
import { paged } from '../../platform/http/paging.ts';
import { conflict, forbidden, notFound } from '../../platform/http/problem.ts';
import { manageableInTeam } from '../rooms/policy.ts';
import { createMeeting as createAnyMeeting, endInFuture } from './create.ts';
import { type ListedPage, listed } from './list.ts';
import { loadDetails, loadMeeting } from './load.ts';
import { mailsAfterDelete, mailsAfterSave, queueMails } from './mailing.ts';
import { resolveParticipants } from './participants.ts';
import { moderatedAmong, moderatesAmongRows, visibleMeetingsOf } from './policy.ts';
import {
  hasEnded,
  type MeetingDetails,
  type MeetingFields,
  meetingAnswer,
  presentMeeting,
} from './presenter.ts';
import { applyRoomChoice } from './roomChoice.ts';

type Team = TeamContext;
type RoomRow = typeof rooms.$inferSelect;
type CreateInput = z.output<typeof meetingCreate>;
type UpdateInput = z.output<typeof meetingUpdate>;

const isAdmin = (team: Team) => team.role === 'Admin';

/**
 * Meetings as the caller sees them; whom they moderate, the policy's rule read over the
 * participants already loaded (one statement less per page).
 */
async function presentAll(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  list: MeetingDetails[],
): Promise<Meeting[]> {
  const admin = isAdmin(team);
  return list.map((d) => {
    const moderate = moderatesAmongRows(
      caller,
      admin,
      d.participants.map((r) => r.p),
    );
    return presentMeeting(d, { moderate }, ctx.clock.now(), (r) =>
      manageableInTeam(r, team.organizationId, team.role),
    );
  });
}

const present = async (ctx: AppContext, caller: Caller, team: Team, d: MeetingDetails) =>
  (await presentAll(ctx, caller, team, [d]))[0]!;

/** Moderators and the team's admins change a meeting; anyone else who sees it gets 403. */
async function assertModerates(tx: DbOrTx, caller: Caller, team: Team, meetingId: string) {
  const moderated = await moderatedAmong(tx, caller, isAdmin(team), [meetingId]);
  if (!moderated.has(meetingId)) throw forbidden(meetingMessages.moderatorOrAdmin);
}

/**
 * A meeting of the team the caller may see; everyone else gets 404. Changes lock the row, so
 * two edits of one meeting run one after the other instead of colliding on its participants.
 */
async function visibleMeeting(
  db: DbOrTx,
  caller: Caller,
  team: Team,
  meetingId: string,
  lock = false,
) {
  const query = db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.id, meetingId),
        eq(meetings.organizationId, team.organizationId),
        visibleMeetingsOf(caller, isAdmin(team)),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const [details] = await loadDetails(db, [row]);
  return details!;
}

const meetingFields = (input: CreateInput | UpdateInput) => ({
  name: input.name,
  description: input.description,
  startDate: input.startDate,
  endDate: input.endDate,
  timezoneLabel: input.timezoneLabel,
});

export async function createMeeting(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  input: CreateInput,
): Promise<Meeting> {
  const id = await createAnyMeeting(ctx, { kind: 'team', caller, team }, input);
  return present(ctx, caller, team, (await loadMeeting(ctx.db, id))!);
}

export async function getMeeting(ctx: AppContext, caller: Caller, team: Team, meetingId: string) {
  return present(ctx, caller, team, await visibleMeeting(ctx.db, caller, team, meetingId));
}

/**
 * Saves the whole form again (part2 §6: a moderator or a team admin, before the end). People who
 * already have the invitation get the update; new people get it when `emailNewUsers` is set;
 * removed people who had it get a cancellation.
 */
export async function updateMeeting(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  meetingId: string,
  input: UpdateInput,
): Promise<Meeting> {
  const now = ctx.clock.now();
  await conflictWhenGone(meetingMessages.changedMeanwhile, () =>
    ctx.db.transaction(async (tx) => {
      const before = await visibleMeeting(tx, caller, team, meetingId, true);
      await assertModerates(tx, caller, team, meetingId);
      if (hasEnded(before.meeting, now)) throw conflict(meetingMessages.alreadyEnded);
      endInFuture(input.endDate, now);
      const people = await resolveParticipants(tx, team.organizationId, input.participants);

      await tx
        .update(meetings)
        .set({
          ...meetingFields(input),
          sequence: before.meeting.sequence + 1,
          lastModified: now,
          lastModifiedBy: caller.userId,
        })
        .where(eq(meetings.id, meetingId));

      const keep = [...input.rooms, ...input.existingRooms, ...input.temporaryRooms];
      const current = before.meeting.currentRoomId;
      await applyRoomChoice(
        tx,
        { kind: 'team', caller, team },
        meetingId,
        {
          keep,
          fromTemplates: input.newTemporaryRooms,
          current: input.currentRoomId ?? (current && keep.includes(current) ? current : null),
        },
        now,
      );

      const old = new Map(before.participants.map((r) => [r.p.email, r.p]));
      const next = new Set(people.map((p) => p.email));
      const removed = before.participants.filter((r) => !next.has(r.p.email)).map((r) => r.p);
      if (removed.length) {
        await tx.delete(meetingParticipants).where(
          inArray(
            meetingParticipants.id,
            removed.map((p) => p.id),
          ),
        );
      }
      for (const p of people) {
        const was = old.get(p.email);
        const invited = (was?.invited ?? false) || input.emailNewUsers;
        if (was) {
          await tx
            .update(meetingParticipants)
            .set({ userId: p.userId, participantType: p.participantType, invited })
            .where(eq(meetingParticipants.id, was.id));
        } else {
          await tx.insert(meetingParticipants).values({ ...p, meetingId, invited, created: now });
        }
      }
      const invitedBefore = new Set(
        before.participants.filter((r) => r.p.invited).map((r) => r.p.email),
      );
      const cancelled = before.participants.filter((r) => r.p.invited && !next.has(r.p.email));
      await queueMails(
        ctx,
        tx,
        await mailsAfterSave(ctx, tx, meetingId, { invitedBefore, cancelled }, now),
      );
    }),
  );
  return present(ctx, caller, team, (await loadMeeting(ctx.db, meetingId))!);
}

/**
 * Deletes a meeting with its temporary rooms (a moderator or a team admin, also after the end).
 * People who had the invitation of a meeting still to come get a cancellation.
 */
export async function deleteMeeting(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  meetingId: string,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const d = await visibleMeeting(tx, caller, team, meetingId, true);
    await assertModerates(tx, caller, team, meetingId);
    if (!hasEnded(d.meeting, now))
      await queueMails(ctx, tx, await mailsAfterDelete(ctx, tx, d, now));
    await tx.delete(rooms).where(eq(rooms.meetingId, meetingId));
    await tx.delete(meetings).where(eq(meetings.id, meetingId));
  });
}

/**
 * The page's rooms as its meetings show them, each made once: whether the caller manages it, and
 * temporary in the meeting it was made for (a second object for that meeting alone).
 */
function roomsOfPage(page: ListedPage, team: Team): Map<string, MeetingRoom[]> {
  const rooms = new Map<string, { room: MeetingRoom; madeFor: string | null }>();
  for (const r of page.rooms) {
    const madeFor = r[23];
    const row = { organizationId: r[16], meetingId: madeFor } as RoomRow;
    const room: MeetingRoom = {
      id: r[0],
      roomId: r[0],
      name: r[1],
      description: r[2],
      category: r[3],
      imageUrl: r[4],
      sceneName: r[5],
      addressableUrlAndroid: r[6],
      addressableUrlWindows: r[7],
      addressableUrlMac: r[8],
      maxUsers: r[9],
      persistent: r[10],
      capabilities: r[11],
      roomSharingType: r[12],
      template: r[13],
      templateId: r[14],
      userOwnerId: r[15],
      organizationOwnerId: r[16],
      staticRoomDataAmount: r[17],
      dynamicRoomDataAmount: r[18],
      canManage: manageableInTeam(row, team.organizationId, team.role),
      created: r[19],
      createdBy: r[20],
      lastModified: r[21],
      lastModifiedBy: r[22],
      temporary: false,
    };
    rooms.set(room.id, { room, madeFor });
  }
  return groupedBy(
    page.meetingRooms,
    ([meetingId]) => meetingId,
    ([meetingId, roomId]) => {
      const { room, madeFor } = rooms.get(roomId)!;
      return madeFor === meetingId ? { ...room, temporary: true } : room;
    },
  );
}

/** The page's participants by meeting, each in the order they were added. */
const peopleOfPage = (page: ListedPage): Map<string, Participant[]> =>
  groupedBy(
    page.people,
    (p) => p[0],
    (p): Participant => ({
      firstName: p[1],
      lastName: p[2],
      userId: p[3],
      email: p[4],
      participantType: p[5],
      imageUpdated: p[6],
    }),
  );

/**
 * The team's meetings the caller sees. Upcoming and ongoing ones soonest first (the dashboard
 * shows the next five); with past meetings included, the latest start first (list.ts). The page,
 * its rooms and participants and the count come in one statement, as rows of values by position,
 * times written as the API writes them; here each row is made into its object once, with what
 * depends on the caller: whom they moderate (the policy's rule over the page's participants) and
 * which rooms they manage.
 */
export async function listMeetings(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  q: z.output<typeof meetingListQuery>,
): Promise<MeetingPage> {
  const admin = isAdmin(team);
  const scope = { organizationId: team.organizationId, caller, admin };
  const window = {
    now: ctx.clock.now(),
    includePast: q.IncludePastMeetings,
    filter: q.Filter?.trim() ?? '',
    page: q.Page,
    pageSize: q.PageSize,
  };
  const page = await listed(ctx.db, scope, window);
  const rooms = roomsOfPage(page, team);
  const people = peopleOfPage(page);
  const results = page.meetings.map((m) => {
    const id = m[0];
    const its = people.get(id) ?? [];
    const fields: MeetingFields = {
      id,
      meetingId: id,
      name: m[1],
      description: m[2],
      organizationId: m[3],
      meetingCode: m[4],
      startDate: m[5],
      endDate: m[6],
      timezoneLabel: m[7],
      hasEnded: m[8],
      isOngoing: m[9],
      currentMeetingRoomId: m[10],
      created: m[11],
      createdBy: m[12],
    };
    const moderate = moderatesAmongRows(caller, admin, its);
    return meetingAnswer(fields, rooms.get(id) ?? [], its, { moderate });
  });
  return paged(results, {
    page: q.Page,
    pageSize: q.PageSize,
    entryCount: page.entryCount,
    filter: q.Filter ?? '',
  });
}

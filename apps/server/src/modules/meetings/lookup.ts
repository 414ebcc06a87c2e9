import {
  type Meeting,
  type MeetingLookup,
  MeetingLookupErrors,
  meetingMessages,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conflictWhenGone } from '../../db/errors.ts';
import { meetings } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/problem.ts';
import { type Person, recordMeetingJoin, recordRoomChange } from '../usage/record.ts';
import { loadMeeting } from './load.ts';
import { meetingRights } from './policy.ts';
import { hasEnded, presentMeeting, presentPublicMeeting } from './presenter.ts';

/**
 * The public lookup by code (launch page, VR app): NoError while the meeting runs, with its
 * rooms; MeetingNotStarted / MeetingEnded with the times only; MeetingNotFound otherwise. A
 * running meeting looked up by a signed-in user or a guest (`visitor`, asked only then: the VR
 * app sends its token, the launch page none) is a join, recorded as a usage fact.
 */
export async function lookupMeeting(
  ctx: AppContext,
  code: string,
  visitor: () => Promise<Person | null> = async () => null,
): Promise<MeetingLookup> {
  const now = ctx.clock.now();
  const [row] = code ? await ctx.db.select().from(meetings).where(eq(meetings.code, code)) : [];
  if (!row) {
    return {
      meetingDetail: null,
      message: meetingMessages.notFound,
      error: MeetingLookupErrors.MeetingNotFound,
      startDate: null,
      endDate: null,
    };
  }
  const times = { startDate: row.startDate.toISOString(), endDate: row.endDate.toISOString() };
  if (hasEnded(row, now)) {
    return {
      meetingDetail: null,
      message: meetingMessages.concluded,
      error: MeetingLookupErrors.MeetingEnded,
      ...times,
    };
  }
  if (row.startDate.getTime() > now.getTime()) {
    return {
      meetingDetail: null,
      message: meetingMessages.upcoming,
      error: MeetingLookupErrors.MeetingNotStarted,
      ...times,
    };
  }
  const visiting = visitor();
  const details = (await loadMeeting(ctx.db, row.id))!;
  const who = await visiting;
  if (who) recordMeetingJoin(ctx, now, row, who);
  return {
    meetingDetail: presentPublicMeeting(details, now),
    message: meetingMessages.running,
    error: MeetingLookupErrors.NoError,
    ...times,
  };
}

/** Moves a meeting to another of its rooms: a moderator or a team admin, before the end. */
export async function changeCurrentRoom(
  ctx: AppContext,
  caller: Caller,
  meetingId: string,
  roomId: string,
): Promise<Meeting> {
  const now = ctx.clock.now();
  const details = await conflictWhenGone(meetingMessages.changedMeanwhile, () =>
    ctx.db.transaction(async (tx) => {
      const d = await loadMeeting(tx, meetingId);
      if (!d) throw notFound();
      const rights = await meetingRights(tx, caller, d.meeting);
      if (!rights.see) throw notFound();
      if (!rights.moderate) throw forbidden(meetingMessages.moderatorOrAdmin);
      if (hasEnded(d.meeting, now)) throw conflict(meetingMessages.alreadyEnded);
      const room = d.rooms.find((r) => r.room.id === roomId);
      if (!room) throw fieldError('roomId', meetingMessages.roomNotInMeeting);
      await tx.update(meetings).set({ currentRoomId: roomId }).where(eq(meetings.id, meetingId));
      return {
        ...d,
        meeting: { ...d.meeting, currentRoomId: roomId },
        from: d.meeting.currentRoomId,
      };
    }),
  );
  recordRoomChange(ctx, now, {
    meetingId,
    organizationId: details.meeting.organizationId,
    fromRoomId: details.from,
    toRoomId: roomId,
    byUserId: caller.userId,
  });
  return presentMeeting(details, { moderate: true }, now, () => false);
}

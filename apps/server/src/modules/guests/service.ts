import {
  type GuestMeeting,
  type GuestRoomTemplatePage,
  type guestInvite,
  guestLimits,
  type guestMeetingCreate,
  meetingMessages,
} from '@roomscale/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { guestSessions, meetingParticipants, meetings } from '../../db/schema.ts';
import type { GuestCaller } from '../../platform/http/access.ts';
import { paged } from '../../platform/http/paging.ts';
import { conflict, notFound } from '../../platform/http/problem.ts';
import { forgetting } from '../auth/sessions.ts';
import { createMeeting } from '../meetings/create.ts';
import { loadMeeting } from '../meetings/load.ts';
import { mailsAfterSave, queueMails } from '../meetings/mailing.ts';
import { type MeetingDetails, presentPublicMeeting } from '../meetings/presenter.ts';
import { readPublicTemplates } from '../rooms/list.ts';
import { releaseSeat } from '../seats/service.ts';

type CreateInput = z.output<typeof guestMeetingCreate>;
type InviteInput = z.output<typeof guestInvite>;

/** Platform templates shared with everyone: the only ones a guest sees or uses. */

export async function listPublicTemplates(
  ctx: AppContext,
  page: number,
): Promise<GuestRoomTemplatePage> {
  // One statement for the count and the page (rooms/list.ts).
  const { entryCount, rows } = await readPublicTemplates(ctx.db, page);
  return paged(
    rows.map((t) => ({
      id: t.id,
      roomId: t.id,
      name: t.name,
      description: t.description,
      roomSharingType: t.sharingType,
      imageUrl: t.imageUrl,
    })),
    { page, pageSize: guestLimits.templatesPageSize, entryCount },
  );
}

/**
 * Ends the guest's session; with its device's seat key, frees that seat too. The access check
 * forgets the session at once, here and again after the commit (auth/sessions.ts `forgetting`).
 */
export async function guestLogout(ctx: AppContext, guest: GuestCaller, seatKey?: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    forgetting(tx, () => ctx.sessionCache.forgetSession(guest.sessionId));
    await tx
      .update(guestSessions)
      .set({ revokedAt: now })
      .where(and(eq(guestSessions.id, guest.sessionId), isNull(guestSessions.revokedAt)));
    await releaseSeat(tx, { guestId: guest.guestId }, seatKey);
  });
}

function present(d: MeetingDetails, now: Date): GuestMeeting {
  return {
    ...presentPublicMeeting(d, now),
    description: d.meeting.description,
    timezoneLabel: d.meeting.timezoneLabel,
    participants: d.participants.map((r) => r.p.email).sort(),
  };
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/**
 * A guest's meeting belongs to no team (organization_id null) and records the guest's address
 * as its creator; its rooms are temporary rooms from Public templates, living with the meeting.
 */
export async function createGuestMeeting(
  ctx: AppContext,
  guest: GuestCaller,
  input: CreateInput,
): Promise<GuestMeeting> {
  const id = await createMeeting(ctx, { kind: 'guest', email: guest.email }, input);
  return present((await loadMeeting(ctx.db, id))!, ctx.clock.now());
}

/**
 * Invites more people to a meeting the guest created (anything else is 404). Only the new
 * addresses get an invitation; the meeting must not have ended.
 */
export async function inviteToGuestMeeting(
  ctx: AppContext,
  guest: GuestCaller,
  meetingId: string,
  input: InviteInput,
): Promise<GuestMeeting> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [m] = await tx
      .select({ id: meetings.id, endDate: meetings.endDate })
      .from(meetings)
      .where(
        and(
          eq(meetings.id, meetingId),
          isNull(meetings.organizationId),
          eq(meetings.createdByGuestEmail, guest.email),
        ),
      )
      .for('update');
    if (!m) throw notFound();
    if (m.endDate.getTime() <= now.getTime()) throw conflict(meetingMessages.alreadyEnded);
    const existing = await tx
      .select({ email: meetingParticipants.email, invited: meetingParticipants.invited })
      .from(meetingParticipants)
      .where(eq(meetingParticipants.meetingId, meetingId));
    const known = new Set(existing.map((p) => p.email));
    const fresh = unique(input.participants.map((p) => p.email)).filter((e) => !known.has(e));
    if (fresh.length === 0) return;
    await tx.insert(meetingParticipants).values(
      fresh.map((email) => ({
        meetingId,
        email,
        participantType: 'Participant' as const,
        invited: true,
        created: now,
      })),
    );
    const invitedBefore = new Set(existing.filter((p) => p.invited).map((p) => p.email));
    const all = await mailsAfterSave(ctx, tx, meetingId, { invitedBefore, cancelled: [] }, now);
    await queueMails(
      ctx,
      tx,
      all.filter((mail) => fresh.includes(mail.to)),
    );
  });
  return present((await loadMeeting(ctx.db, meetingId))!, now);
}

import { type meetingCreate, meetingMessages, type ParticipantType } from '@roomscale/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflictWhenGone } from '../../db/errors.ts';
import { meetingParticipants, meetings } from '../../db/schema.ts';
import { fieldError } from '../../platform/http/problem.ts';
import { uniqueMeetingCode } from './codes.ts';
import { mailsAfterSave, queueMails } from './mailing.ts';
import { resolveParticipants } from './participants.ts';
import { applyRoomChoice, type MeetingOwner, ownerColumns } from './roomChoice.ts';

type TeamInput = z.output<typeof meetingCreate>;
/** What both owners send; a team also keeps existing rooms and names known users. */
export type MeetingInput = Pick<
  TeamInput,
  'name' | 'description' | 'startDate' | 'endDate' | 'timezoneLabel' | 'emailNewUsers'
> & {
  temporaryRooms: string[];
  currentRoomId?: string | null;
  existingRooms?: string[];
  participants: TeamInput['participants'] | { email: string }[];
};

/** 'Ensure the end time is in the future.' — the one rule that needs the clock. */
export function endInFuture(end: Date, now: Date) {
  if (end.getTime() <= now.getTime()) throw fieldError('endDate', meetingMessages.endInPast);
}

type Participant = { email: string; userId?: string | null; participantType: ParticipantType };

/**
 * Who takes part: a team resolves its members and outside addresses; a guest takes part itself
 * and invites addresses, all as participants.
 */
async function participantsOf(
  tx: DbOrTx,
  owner: MeetingOwner,
  input: MeetingInput,
): Promise<(Participant & { invited: boolean })[]> {
  if (owner.kind === 'team') {
    const people = await resolveParticipants(
      tx,
      owner.team.organizationId,
      input.participants as TeamInput['participants'],
    );
    return people.map((p) => ({ ...p, invited: input.emailNewUsers }));
  }
  const invitees = [...new Set(input.participants.map((p) => p.email))].filter(
    (e) => e !== owner.email,
  );
  return [
    { email: owner.email, participantType: 'Participant', invited: false },
    ...invitees.map((email) => ({
      email,
      participantType: 'Participant' as const,
      invited: input.emailNewUsers,
    })),
  ];
}

/**
 * Creates a meeting of a team or of a guest: a fresh code (the unique index settles two new
 * meetings drawing the same one), its rooms — kept team rooms and temporary rooms made from
 * templates —, its participants and their invitations, in one transaction. Answers its id.
 */
export async function createMeeting(
  ctx: AppContext,
  owner: MeetingOwner,
  input: MeetingInput,
): Promise<string> {
  const now = ctx.clock.now();
  endInFuture(input.endDate, now);
  return conflictWhenGone(meetingMessages.changedMeanwhile, () =>
    ctx.db.transaction(async (tx) => {
      const people = await participantsOf(tx, owner, input);
      let meetingId: string | undefined;
      await uniqueMeetingCode(async (code) => {
        const [row] = await tx
          .insert(meetings)
          .values({
            name: input.name,
            description: input.description,
            startDate: input.startDate,
            endDate: input.endDate,
            timezoneLabel: input.timezoneLabel,
            ...ownerColumns(owner),
            code,
            created: now,
          })
          .onConflictDoNothing({ target: meetings.code })
          .returning({ id: meetings.id });
        meetingId = row?.id;
        return Boolean(row);
      });
      await applyRoomChoice(
        tx,
        owner,
        meetingId!,
        {
          keep: input.existingRooms ?? [],
          fromTemplates: input.temporaryRooms,
          current: input.currentRoomId,
        },
        now,
      );
      await tx
        .insert(meetingParticipants)
        .values(people.map((p) => ({ ...p, meetingId: meetingId!, created: now })));
      await queueMails(
        ctx,
        tx,
        await mailsAfterSave(ctx, tx, meetingId!, { invitedBefore: new Set(), cancelled: [] }, now),
      );
      return meetingId!;
    }),
  );
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import type { IcsPerson } from './ics.ts';
import { type Invitee, invitationMail, organizerOf } from './invitations.ts';
import { loadMeeting } from './load.ts';
import type { MeetingDetails, ParticipantRow } from './presenter.ts';

export type MeetingMails = Mail[];

async function organizer(ctx: AppContext, db: DbOrTx, userId: string | null) {
  let creator: IcsPerson | null = null;
  if (userId) {
    const [u] = await db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    if (u) creator = { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() };
  }
  return organizerOf(ctx.config, creator);
}

const invitee = (r: ParticipantRow): Invitee => ({
  email: r.p.email,
  firstName: r.user?.firstName ?? null,
  lastName: r.user?.lastName ?? null,
  moderator: r.p.participantType === 'Moderator',
});

/**
 * The emails after a create or an edit, read from the saved rows: everyone marked invited gets
 * the current version (an invitation, or an update when they had it before); removed people who
 * had it get a cancellation. Built inside the transaction, sent after it commits.
 */
export async function mailsAfterSave(
  ctx: AppContext,
  tx: DbOrTx,
  meetingId: string,
  before: { invitedBefore: Set<string>; cancelled: ParticipantRow[] },
  now: Date,
): Promise<MeetingMails> {
  const d = (await loadMeeting(tx, meetingId))!;
  const from = await organizer(ctx, tx, d.meeting.createdByUserId);
  const mails = d.participants
    .filter((r) => r.p.invited)
    .map((r) =>
      invitationMail(
        ctx.config,
        d.meeting,
        invitee(r),
        before.invitedBefore.has(r.p.email) ? 'update' : 'invite',
        from,
        now,
      ),
    );
  for (const r of before.cancelled) {
    mails.push(invitationMail(ctx.config, d.meeting, invitee(r), 'cancel', from, now));
  }
  return mails;
}

/** Cancellations for everyone who had the invitation of a meeting being deleted. */
export async function mailsAfterDelete(ctx: AppContext, tx: DbOrTx, d: MeetingDetails, now: Date) {
  const from = await organizer(ctx, tx, d.meeting.createdByUserId);
  const cancelled = { ...d.meeting, sequence: d.meeting.sequence + 1 };
  return d.participants
    .filter((r) => r.p.invited)
    .map((r) => invitationMail(ctx.config, cancelled, invitee(r), 'cancel', from, now));
}

/**
 * Queues the emails in the transaction of the change they announce; they leave once it commits,
 * after the answer. A failing mail server is retried by the queue, never a failed request.
 */
export async function queueMails(ctx: AppContext, tx: DbOrTx, mails: MeetingMails) {
  for (const mail of mails) await enqueueMail(ctx, tx, mail);
}

import type { Config } from '../../config.ts';
import type { meetings } from '../../db/schema.ts';
import { actionEmail } from '../../platform/mail/layout.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { buildIcs, type IcsPerson } from './ics.ts';

type MeetingRow = typeof meetings.$inferSelect;

export type InvitationKind = 'invite' | 'update' | 'cancel';
export type Invitee = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  moderator: boolean;
};

/** The launch page of a meeting: opens the VR app with the code. */
export const launchLink = (config: Config, code: string) =>
  `${config.publicUrl}/launch?${new URLSearchParams({ meeting: code }).toString()}`;

/** 'Wednesday, 1 July 2099, 10:00–11:30 CEST': in the meeting's own time zone. */
export function formatTimeRange(start: Date, end: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return format.formatRange(start, end);
}

/** Where invitations say they come from: the meeting's creator, or our own sender address. */
export function organizerOf(config: Config, creator: IcsPerson | null): IcsPerson {
  if (creator) return creator;
  const address = config.mailFrom.match(/<([^>]+)>/)?.[1] ?? config.mailFrom;
  return { email: address, name: 'Roomscale' };
}

const subjects: Record<InvitationKind, (name: string) => string> = {
  invite: (name) => `Invitation: ${name}`,
  update: (name) => `Updated invitation: ${name}`,
  cancel: (name) => `Cancelled: ${name}`,
};

/**
 * One participant's email with the calendar attachment. Each attachment lists only its own
 * recipient as attendee, so guests never see the other participants' addresses.
 */
export function invitationMail(
  config: Config,
  m: MeetingRow,
  to: Invitee,
  kind: InvitationKind,
  organizer: IcsPerson,
  stamp: Date,
): Mail {
  const link = launchLink(config, m.code);
  const when = formatTimeRange(m.startDate, m.endDate, m.timezoneLabel);
  const cancelled = kind === 'cancel';
  const lead = {
    invite: `${organizer.name ?? organizer.email} invited you to the Roomscale meeting "${m.name}".`,
    update: `The Roomscale meeting "${m.name}" has changed. The details below replace the earlier invitation.`,
    cancel: `The Roomscale meeting "${m.name}" has been cancelled.`,
  }[kind];
  const name = [to.firstName, to.lastName].filter(Boolean).join(' ');
  const body = actionEmail({
    greeting: to.firstName ? `Hello ${to.firstName},` : 'Hello,',
    paragraphs: [
      lead,
      `When: ${when}`,
      ...(cancelled
        ? []
        : [
            `Meeting code: ${m.code}`,
            ...(m.description ? [m.description] : []),
            'To join, open the Roomscale app on your headset or computer, log in as a user or as a guest, and enter the meeting code. On a computer you can also use the button below.',
          ]),
    ],
    ...(cancelled ? {} : { action: { label: 'Open the launch page', url: link } }),
  });
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const ics = buildIcs({
    method,
    uid: `${m.id}@${new URL(config.publicUrl).hostname}`,
    sequence: m.sequence,
    stamp,
    start: m.startDate,
    end: m.endDate,
    summary: m.name,
    description: [m.description, `Meeting code: ${m.code}`, link].filter(Boolean).join('\n\n'),
    location: `Roomscale (meeting code ${m.code})`,
    url: link,
    organizer,
    attendees: [{ email: to.email, name: name || null, chair: to.moderator }],
  });
  return {
    to: to.email,
    subject: subjects[kind](m.name),
    ...body,
    attachments: [
      {
        filename: cancelled ? 'cancel.ics' : 'invite.ics',
        content: ics,
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      },
    ],
  };
}

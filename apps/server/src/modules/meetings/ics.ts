/**
 * iCalendar (RFC 5545) invitations for meetings, with iTIP (RFC 5546) methods: REQUEST for
 * new and changed meetings (a higher SEQUENCE replaces the earlier version in the attendee's
 * calendar), CANCEL when a meeting is deleted or a participant removed. Pure: no I/O, no clock.
 */

export type IcsPerson = { email: string; name?: string | null };

export type IcsEvent = {
  method: 'REQUEST' | 'CANCEL';
  /** Stable per meeting, so updates and cancellations find the event. */
  uid: string;
  sequence: number;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  organizer: IcsPerson;
  attendees: (IcsPerson & { chair?: boolean })[];
};

const CRLF = '\r\n';

/** 20240131T093000Z */
export const formatUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** TEXT values: backslash, semicolon, comma and newlines are escaped (RFC 5545 §3.3.11). */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Parameter values (CN): quoted when they hold ; : or , — a double quote cannot appear at all. */
const paramValue = (s: string) => {
  const clean = s.replace(/["\r\n]/g, '').trim();
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
};

/**
 * Lines longer than 75 octets are folded: CRLF then one space, never inside a UTF-8 character
 * (RFC 5545 §3.1). The space of a continuation line counts toward its 75.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const mailto = (email: string) => `mailto:${email}`;
const cn = (p: IcsPerson) => (p.name?.trim() ? `;CN=${paramValue(p.name)}` : '');

export function buildIcs(e: IcsEvent): string {
  const cancelled = e.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Roomscale//Meetings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${formatUtc(e.stamp)}`,
    `DTSTART:${formatUtc(e.start)}`,
    `DTEND:${formatUtc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    `ORGANIZER${cn(e.organizer)}:${mailto(e.organizer.email)}`,
    ...e.attendees.map(
      (a) =>
        `ATTENDEE${cn(a)};ROLE=${a.chair ? 'CHAIR' : 'REQ-PARTICIPANT'};PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${mailto(a.email)}`,
    ),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

import { describe, expect, it } from 'vitest';
import { parseIcs } from '../../test/ics.ts';
import { buildIcs, escapeText, foldLine, formatUtc, type IcsEvent } from './ics.ts';

const event: IcsEvent = {
  method: 'REQUEST',
  uid: 'meeting-1@roomscale.test',
  sequence: 2,
  stamp: new Date('2030-01-01T08:00:00.123Z'),
  start: new Date('2030-01-02T09:30:00Z'),
  end: new Date('2030-01-02T10:30:00Z'),
  summary: 'Design review; round 2, final',
  description: 'Line one\nLine two',
  location: 'Roomscale, code ABC2345',
  url: 'http://roomscale.test/launch?meeting=ABC2345',
  organizer: { email: 'org@example.com', name: 'Ada Lovelace' },
  attendees: [{ email: 'guest@example.com', name: 'Doe, Jane' }],
};

describe('iCalendar invitations', () => {
  it('formats times in UTC', () => {
    expect(formatUtc(new Date('2030-01-02T09:30:00.999Z'))).toBe('20300102T093000Z');
  });

  it('escapes text values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const p of physical) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    for (const p of physical.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });

  it('leaves short lines alone', () => {
    expect(foldLine('SUMMARY:Hi')).toBe('SUMMARY:Hi');
  });

  it('builds a REQUEST with the event, the organizer and the attendees, CRLF-terminated', () => {
    const text = buildIcs(event);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const ics = parseIcs(text);
    expect(ics.calendar).toBe('vcalendar');
    expect(ics.parts).toEqual(['vevent']);
    expect(ics.value('METHOD')).toBe('REQUEST');
    expect(ics.value('UID')).toBe('meeting-1@roomscale.test');
    expect(ics.value('SEQUENCE')).toBe('2');
    expect(ics.value('DTSTAMP')).toBe('20300101T080000Z');
    expect(ics.value('DTSTART')).toBe('20300102T093000Z');
    expect(ics.value('DTEND')).toBe('20300102T103000Z');
    // Read back by the parser: the escapes of ; , and the line break undone.
    expect(ics.value('SUMMARY')).toBe('Design review; round 2, final');
    expect(ics.value('DESCRIPTION')).toBe('Line one\nLine two');
    expect(ics.value('STATUS')).toBe('CONFIRMED');
    expect(ics.all('ORGANIZER')).toEqual([
      { name: 'ORGANIZER', params: { CN: 'Ada Lovelace' }, value: 'mailto:org@example.com' },
    ]);
    const [attendee] = ics.all('ATTENDEE');
    expect(attendee?.value).toBe('mailto:guest@example.com');
    expect(attendee?.params).toMatchObject({ CN: 'Doe, Jane', ROLE: 'REQ-PARTICIPANT' });
  });

  it('builds a CANCEL with STATUS:CANCELLED', () => {
    const ics = parseIcs(buildIcs({ ...event, method: 'CANCEL', sequence: 3 }));
    expect(ics.value('METHOD')).toBe('CANCEL');
    expect(ics.value('STATUS')).toBe('CANCELLED');
    expect(ics.value('SEQUENCE')).toBe('3');
  });
});

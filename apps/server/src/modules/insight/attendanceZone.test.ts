import { insightMessages, usageLimits } from '@roomscale/shared';
import { insightApi, meetingsApi, seatsApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addRoom, advance, createMeeting, meetingBody, team } from '../../test/workspace.ts';
import { usageFactsSettled } from '../usage/record.ts';
import { isoInZone } from './zonedTime.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const interval = usageLimits.checkInIntervalSeconds;
/** ISO 8601 with an offset (`Z` or ±hh:mm). */
const withOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)$/;

describe('isoInZone', () => {
  it('writes the wall time of the zone with its offset, the same instant', () => {
    const at = new Date('2026-11-27T09:15:00.250Z');
    expect(isoInZone(at, 'UTC')).toBe('2026-11-27T09:15:00.250Z');
    expect(isoInZone(at, 'Europe/Berlin')).toBe('2026-11-27T10:15:00.250+01:00');
    expect(isoInZone(at, 'Asia/Kolkata')).toBe('2026-11-27T14:45:00.250+05:30');
    expect(isoInZone(at, 'America/St_Johns')).toBe('2026-11-27T05:45:00.250-03:30');
    // Summer time, and a date the zone's offset moves it onto.
    expect(isoInZone('2026-07-01T22:30:00Z', 'Europe/Berlin')).toBe(
      '2026-07-02T00:30:00.000+02:00',
    );
    expect(isoInZone('2026-07-01T05:00:00Z', 'Pacific/Pago_Pago')).toBe(
      '2026-06-30T18:00:00.000-11:00',
    );
  });
});

describe('the attendance CSV in a time zone', () => {
  it('writes first and last seen in the asked zone with their offset and names the zone; UTC by default; an unknown zone is refused', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email }]),
    );
    await advance(t, 3600 + 60, w.admin, w.member);
    // The member's VR app looks the meeting up with its token, then checks in three times.
    const lookup = await callEndpoint(t, meetingsApi.lookup, {
      params: { code: m.meetingCode },
      token: w.member.session,
    });
    expect(lookup.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      if (i > 0) await advance(t, interval, w.admin, w.member);
      const seat = await callEndpoint(t, seatsApi.check, {
        token: w.member.session,
        body: { seatKey: 'seat-1', deviceName: 'Quest 3' },
      });
      expect(seat.status).toBe(200);
    }
    await usageFactsSettled(t.ctx);
    const params = { organizationId: w.id, meetingId: m.id };
    const json = await callEndpoint(t, insightApi.attendance, { params, token: w.admin.session });
    const [member] = json.body.attendees;
    expect(member?.email).toBe(w.member.email);

    const rowsOf = (body: string) => body.trimEnd().split('\r\n');
    for (const zone of ['Asia/Kolkata', 'America/St_Johns']) {
      const csv = await callEndpoint(t, insightApi.attendanceCsv, {
        params,
        query: { timeZone: zone },
        token: w.admin.session,
      });
      expect(csv.status, csv.raw.body).toBe(200);
      const [header, row] = rowsOf(csv.raw.body);
      expect(header).toBe(
        `Status,Kind,Name,Email,First seen (${zone}),Last seen (${zone}),Duration (seconds)`,
      );
      const [, , , , first, last, seconds] = row!.split(',');
      expect(first).toMatch(withOffset);
      expect(last).toMatch(withOffset);
      expect(first!.endsWith('Z')).toBe(false);
      // The same instants as the JSON's, the same duration.
      expect(Date.parse(first!)).toBe(Date.parse(member!.firstSeenAt));
      expect(Date.parse(last!)).toBe(Date.parse(member!.lastSeenAt));
      expect(first).toBe(isoInZone(member!.firstSeenAt, zone));
      expect(Number(seconds)).toBe(member!.durationSeconds);
    }
    const utc = await callEndpoint(t, insightApi.attendanceCsv, { params, token: w.admin.session });
    const [utcHeader, utcRow] = rowsOf(utc.raw.body);
    expect(utcHeader).toContain('First seen (UTC)');
    expect(utcRow).toContain(`,${member!.firstSeenAt},${member!.lastSeenAt},`);

    const bad = await callUnchecked(t, insightApi.attendanceCsv, {
      params,
      query: { timeZone: 'Mars/Olympus' },
      token: w.admin.session,
    });
    expect(bad.status).toBe(400);
    expect(bad.raw.body).toContain(insightMessages.badTimeZone);
  });
});

import type { AddressInfo } from 'node:net';
import { meetingsApi } from '@roomscale/shared/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../platform/mail/mailer.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { icsOf, parseIcs } from '../../test/ics.ts';
import { addRoom, advance, createMeeting, meetingBody, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = '2099-07-01T08:00:00.000Z';
const end = '2099-07-01T09:30:00.000Z';

async function planned(emailNewUsers = true) {
  const w = await team(t);
  const room = await addRoom(t, w.id, w.admin);
  const guest = `guest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.org`;
  const people = [
    { email: w.admin.email, participantType: 'Moderator' as const },
    { email: w.member.email },
    { email: guest },
  ];
  const body = meetingBody(t, [room.id], people, {
    startDate: start,
    endDate: end,
    emailNewUsers,
    name: 'Quarterly review',
  });
  const m = await createMeeting(t, w.id, w.admin, body);
  return { ...w, room, guest, people, body, m };
}

const mailsTo = (address: string) => t.mailer.to(address);
const lastIcs = (address: string) => {
  const mails = mailsTo(address);
  return parseIcs(icsOf(mails[mails.length - 1]!));
};

describe('meeting invitations', () => {
  it('go to every participant, users and guests, with the details and a REQUEST', async () => {
    const p = await planned();
    for (const address of [p.admin.email, p.member.email, p.guest]) {
      const mails = mailsTo(address);
      expect(mails, address).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Invitation: Quarterly review');
      expect(mail.text).toContain('Quarterly review');
      expect(mail.text).toContain('Wednesday, 1 July 2099, 10:00–11:30 CEST');
      expect(mail.text).toContain(`Meeting code: ${p.m.meetingCode}`);
      expect(mail.text).toContain(`http://roomscale.test/launch?meeting=${p.m.meetingCode}`);
      expect(mail.html).toContain(p.m.meetingCode);
      const attachment = mail.attachments?.[0];
      expect(attachment).toMatchObject({
        filename: 'invite.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      });
      const ics = parseIcs(icsOf(mail));
      expect(ics.value('METHOD')).toBe('REQUEST');
      expect(ics.value('UID')).toBe(`${p.m.id}@roomscale.test`);
      expect(ics.value('SEQUENCE')).toBe('0');
      expect(ics.value('DTSTART')).toBe('20990701T080000Z');
      expect(ics.value('DTEND')).toBe('20990701T093000Z');
      expect(ics.value('SUMMARY')).toBe('Quarterly review');
      expect(ics.value('STATUS')).toBe('CONFIRMED');
      expect(ics.all('ORGANIZER')[0]).toMatchObject({
        params: { CN: 'Alice Admin' },
        value: `mailto:${p.admin.email}`,
      });
      // Each attachment names its own recipient only.
      expect(ics.all('ATTENDEE').map((a) => a.value)).toEqual([`mailto:${address}`]);
    }
    expect(lastIcs(p.admin.email).all('ATTENDEE')[0]?.params.ROLE).toBe('CHAIR');
    expect(lastIcs(p.guest).all('ATTENDEE')[0]?.params.CN).toBeUndefined();
  });

  it('are not sent when emailNewUsers is off', async () => {
    const p = await planned(false);
    expect(mailsTo(p.member.email)).toEqual([]);
    expect(mailsTo(p.guest)).toEqual([]);
  });

  it('are updated on edit (higher SEQUENCE), sent to new people, and cancelled for removed ones', async () => {
    const p = await planned();
    const newcomer = `new-${Date.now().toString(36)}@example.org`;
    const res = await callEndpoint(t, meetingsApi.edit, {
      params: { organizationId: p.id, meetingId: p.m.id },
      token: p.admin.session,
      body: {
        ...p.body,
        startDate: '2099-07-01T09:00:00.000Z',
        endDate: '2099-07-01T10:00:00.000Z',
        existingRooms: [p.room.id],
        participants: [...p.people.slice(0, 2), { email: newcomer }],
      },
    });
    expect(res.status, res.raw.body).toBe(200);

    const update = mailsTo(p.member.email).at(-1)!;
    expect(mailsTo(p.member.email)).toHaveLength(2);
    expect(update.subject).toBe('Updated invitation: Quarterly review');
    const ics = parseIcs(icsOf(update));
    expect(ics.value('METHOD')).toBe('REQUEST');
    expect(ics.value('UID')).toBe(`${p.m.id}@roomscale.test`);
    expect(ics.value('SEQUENCE')).toBe('1');
    expect(ics.value('DTSTART')).toBe('20990701T090000Z');

    expect(mailsTo(newcomer)).toHaveLength(1);
    expect(mailsTo(newcomer)[0]!.subject).toBe('Invitation: Quarterly review');
    expect(lastIcs(newcomer).value('SEQUENCE')).toBe('1');

    const cancel = mailsTo(p.guest).at(-1)!;
    expect(cancel.subject).toBe('Cancelled: Quarterly review');
    expect(cancel.attachments?.[0]?.contentType).toContain('method=CANCEL');
    const cancelled = parseIcs(icsOf(cancel));
    expect(cancelled.value('METHOD')).toBe('CANCEL');
    expect(cancelled.value('STATUS')).toBe('CANCELLED');
    expect(cancelled.value('UID')).toBe(`${p.m.id}@roomscale.test`);
    expect(cancelled.value('SEQUENCE')).toBe('1');
  });

  it('keep people who have the meeting up to date even when emailNewUsers is off on edit', async () => {
    const p = await planned();
    const newcomer = `quiet-${Date.now().toString(36)}@example.org`;
    await callEndpoint(t, meetingsApi.edit, {
      params: { organizationId: p.id, meetingId: p.m.id },
      token: p.admin.session,
      body: { ...p.body, emailNewUsers: false, participants: [...p.people, { email: newcomer }] },
    });
    expect(mailsTo(p.member.email)).toHaveLength(2);
    expect(mailsTo(newcomer)).toEqual([]);
  });

  it('are cancelled when a coming meeting is deleted, not after it ended', async () => {
    const p = await planned();
    const res = await callEndpoint(t, meetingsApi.remove, {
      params: { organizationId: p.id, meetingId: p.m.id },
      token: p.admin.session,
    });
    expect(res.status).toBe(204);
    for (const address of [p.admin.email, p.member.email, p.guest]) {
      const ics = lastIcs(address);
      expect(ics.value('METHOD')).toBe('CANCEL');
      expect(ics.value('SEQUENCE')).toBe('1');
      expect(ics.value('UID')).toBe(`${p.m.id}@roomscale.test`);
    }

    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const soon = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email }], { emailNewUsers: true }),
    );
    await advance(t, 3 * 3600, w.admin);
    await callEndpoint(t, meetingsApi.remove, {
      params: { organizationId: w.id, meetingId: soon.id },
      token: w.admin.session,
    });
    expect(mailsTo(w.member.email).map((m) => m.subject)).toEqual(['Invitation: Design review']);
  });
});

describe('meeting invitations over SMTP', () => {
  it('reach a real SMTP server with the calendar part', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const memory = t.ctx.mailer;
    t.ctx.mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: t.config.mailFrom,
      dataDir: t.config.dataDir,
      log: t.ctx.log,
    });
    try {
      const w = await team(t);
      const room = await addRoom(t, w.id, w.admin);
      const guest = `smtp-${Date.now().toString(36)}@example.org`;
      const m = await createMeeting(
        t,
        w.id,
        w.admin,
        meetingBody(t, [room.id], [{ email: guest }], { emailNewUsers: true }),
      );
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
      const raw = received[0]!;
      expect(raw).toMatch(new RegExp(`^To: ${guest}`, 'im'));
      const part = raw.split(/\r\n--/).find((x) => /Content-Type: text\/calendar/i.test(x))!;
      expect(part).toMatch(/method=REQUEST/i);
      const bodyStart = part.indexOf('\r\n\r\n') + 4;
      const encoded = part.slice(bodyStart).trim();
      const text = /Content-Transfer-Encoding: base64/i.test(part)
        ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoded
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
      const ics = parseIcs(text);
      expect(ics.value('METHOD')).toBe('REQUEST');
      expect(ics.value('UID')).toBe(`${m.id}@roomscale.test`);
    } finally {
      t.ctx.mailer = memory;
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

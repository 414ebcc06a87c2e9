import nodemailer from 'nodemailer';
import { expect, test } from './support/fixtures.ts';
import { linkFrom } from './support/mailbox.ts';

/** The SMTP sink itself: real SMTP in, decoded messages out, whatever the transfer encoding. */
test.describe('SMTP sink', () => {
  const smtpUrl = () => process.env.E2E_SMTP_URL!;
  const longLink =
    'http://127.0.0.1:8080/activate-account?user=5b0c4a1e-8d1e-4a57-9a3e-0c1f5b7d9e21&token=' +
    `${'x'.repeat(43)}&email=J%C3%BCrgen%2Btest%40example.com`;
  const text = `Hallo Jürgen,\n\nBitte bestätigen Sie Ihr Konto: ${longLink}\n\n= Ende =\n`;

  for (const textEncoding of ['quoted-printable', 'base64'] as const) {
    test(`decodes a ${textEncoding} message with an HTML alternative`, async ({ mailbox }) => {
      const transport = nodemailer.createTransport(smtpUrl());
      const to = `sink-${textEncoding}@example.com`;
      await transport.sendMail({
        from: 'Roomscale <no-reply@roomscale.test>',
        to: `"Jürgen Test" <${to}>`,
        subject: 'Aktivieren Sie Ihr Konto – Grüße',
        text,
        html: `<p>Hallo Jürgen</p><a href="${longLink}">Aktivieren</a>`,
        textEncoding,
      });
      const mail = await mailbox.waitFor(to, /Aktivieren/);
      expect(mail.subject).toBe('Aktivieren Sie Ihr Konto – Grüße');
      expect(mail.to).toEqual([to]);
      expect(mail.envelope.to).toEqual([to]);
      expect(mail.text.replace(/\r\n/g, '\n')).toBe(text);
      expect(mail.html).toContain('<p>Hallo Jürgen</p>');
      expect(linkFrom(mail, '/activate-account').toString()).toBe(longLink);
      expect(() => linkFrom(mail, '/reset-password')).toThrow(/no \/reset-password link/);
    });
  }

  test('a mailbox sees only what arrives after it opened, and says what it saw', async ({
    mailbox,
  }) => {
    const transport = nodemailer.createTransport(smtpUrl());
    await transport.sendMail({
      from: 'a@example.com',
      to: 'someone@example.com',
      subject: 'Plain',
      text: 'hi',
    });
    await mailbox.waitFor('someone@example.com', 'Plain');
    const earlier = await mailbox.messages();
    expect(earlier.map((m) => m.subject)).toEqual(['Plain']);
    await expect(mailbox.waitFor('nobody@example.com', /x/, { timeout: 500 })).rejects.toThrow(
      /someone@example.com: "Plain"/,
    );
  });
});

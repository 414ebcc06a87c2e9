import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import { outgoingTimeoutDefaults } from '../../config.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
};

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Real SMTP when SMTP_URL is set, every wait bounded by `timeoutMs` (SMTP_TIMEOUT_MS): the
 * connection, the server's greeting, and each answer (socket inactivity), so a server that
 * accepts and then says nothing fails the send (the outbox retries it) instead of holding it and
 * the shutdown that waits for it. Otherwise each message is written as an .eml file under
 * DATA_DIR/mail and its links are logged, so a local installation works with no mail server.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): Mailer {
  const timeoutMs = opts.timeoutMs ?? outgoingTimeoutDefaults.smtpMs;
  if (opts.smtpUrl) {
    // Settings in the URL's query (`?pool=true`) still apply; nodemailer ignores every other
    // option when given a `url`, so the URL is parsed here and the timeouts added.
    const transport = nodemailer.createTransport({
      ...parseConnectionUrl(opts.smtpUrl),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = join(opts.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written');
    },
  };
}

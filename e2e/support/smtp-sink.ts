import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from './mime.ts';

/** One message the sink received: the envelope, the parsed headers and text, and the raw source. */
export type CapturedMail = ParsedMail & {
  /** 1, 2, 3... in order of arrival. */
  seq: number;
  receivedAt: string;
  envelope: { from: string; to: string[] };
  raw: string;
};

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>, for the server's SMTP_URL. */
  smtpUrl: string;
  /** http://127.0.0.1:<port>; GET /messages?after=<seq> lists what arrived since. */
  httpUrl: string;
  messages: CapturedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server that accepts every message (no TLS, no auth) and keeps it in memory,
 * plus a tiny HTTP endpoint so test workers in other processes can read the messages.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  // Numbered on arrival: parsing is asynchronous, and a quick later mail must not overtake.
  let arrived = 0;
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const seq = ++arrived;
        try {
          messages.push({
            ...(await parseMail(raw)),
            seq,
            receivedAt: new Date().toISOString(),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            },
            raw,
          });
          messages.sort((a, b) => a.seq - b.seq);
          callback();
        } catch (e) {
          callback(e as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    if (req.method === 'GET' && url.pathname === '/messages') {
      const after = Number(url.searchParams.get('after') ?? 0);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(messages.filter((m) => m.seq > after)));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    async close() {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

import { buildIfNeeded, type RunningServer, startServer } from './support/server.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const adminEmail = 'admin@roomscale.test';
const adminPassword = 'E2e-Admin-Passw0rd';

/**
 * Once per run: a real SMTP sink, then the built server pointed at it, on a fresh embedded
 * database. Workers find both through environment variables (they inherit this process's env).
 * The returned function is the global teardown.
 */
export default async function globalSetup() {
  buildIfNeeded();
  const sink = await startSmtpSink();
  let server: RunningServer;
  try {
    server = await startServer({
      SMTP_URL: sink.smtpUrl,
      MAIL_FROM: 'Roomscale <no-reply@roomscale.test>',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      // Client addresses come from X-Forwarded-For: each test sends its own (support/fixtures.ts).
      TRUST_PROXY: 'true',
    });
  } catch (e) {
    await sink.close();
    throw e;
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAILBOX_URL = sink.httpUrl;
  process.env.E2E_SMTP_URL = sink.smtpUrl;
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;

  return async () => {
    await server.stop();
    await sink.close();
  };
}

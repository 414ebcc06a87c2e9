import { startMetaStandIn } from '../apps/server/src/test/metaStandIn.ts';
import { buildIfNeeded, type RunningServer, startServer } from './support/server.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const adminEmail = 'admin@roomscale.test';
const adminPassword = 'E2e-Admin-Passw0rd';

/**
 * Once per run: a real SMTP sink and the local stand-in of Meta's account linking, then the
 * built server pointed at both, on a fresh embedded database. Workers find them through
 * environment variables (they inherit this process's env). The returned function is the global
 * teardown. The SAML identity provider is not here: a team admin enters its values through the
 * UI, so the journeys that need one start their own (e2e/sso.spec.ts).
 */
export default async function globalSetup() {
  buildIfNeeded();
  const sink = await startSmtpSink();
  const meta = await startMetaStandIn();
  let server: RunningServer;
  try {
    server = await startServer({
      SMTP_URL: sink.smtpUrl,
      MAIL_FROM: 'Roomscale <no-reply@roomscale.test>',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      // Client addresses come from X-Forwarded-For: each test sends its own (support/fixtures.ts).
      TRUST_PROXY: 'true',
      // The usage rollup every 5 seconds: the Usage tab shows the check-ins a journey just made.
      USAGE_ROLLUP_EVERY_SECONDS: '5',
      // META_APP_ID, META_APP_SECRET, META_ORGANIZATION_ID, META_GRAPH_URL, META_AUTH_URL.
      ...meta.env,
    });
  } catch (e) {
    await Promise.all([sink.close(), meta.close()]);
    throw e;
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAILBOX_URL = sink.httpUrl;
  process.env.E2E_SMTP_URL = sink.smtpUrl;
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  // Meta's account-linking page of the stand-in, where the profile's Link sends the browser.
  process.env.E2E_META_AUTH_URL = meta.authUrl;

  return async () => {
    await server.stop();
    await Promise.all([sink.close(), meta.close()]);
  };
}

import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { Mailbox } from './mailbox.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\``);
  return value;
}

/** The super admin the run's server was started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const admin = {
  get email() {
    return env('E2E_ADMIN_EMAIL');
  },
  get password() {
    return env('E2E_ADMIN_PASSWORD');
  },
};

/** The run's stand-in of Meta's linking (global-setup.ts, apps/server/src/test/metaStandIn.ts). */
export const metaStandIn = {
  /** Its account-linking page, where the profile's Link sends the browser. */
  get authUrl() {
    return env('E2E_META_AUTH_URL');
  },
};

/** Console errors that are Content-Security-Policy violations: the app must cause none. */
export function isCspViolation(text: string): boolean {
  return /Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(text);
}

type Fixtures = {
  /** The run's SMTP sink, showing only messages that arrive during this test. */
  mailbox: Mailbox;
  /** Every console error and uncaught page error of `page`, in order. */
  consoleErrors: string[];
  /** Fails any test whose page reported a CSP violation (automatic). */
  failOnCspViolation: undefined;
};

export const test = base.extend<Fixtures>({
  // The server listens on a port chosen at run time by global-setup.ts.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => use(env('E2E_BASE_URL')),
  // Each test is its own client address (the server trusts the proxy header here), so the
  // per-IP rate limits and throttles of one journey do not spill into the next. The limits
  // themselves are tested in the server's integration tests.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) =>
    use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}` }),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  mailbox: async ({}, use) => use(await Mailbox.open(env('E2E_MAILBOX_URL'))),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    await use(errors);
  },
  failOnCspViolation: [
    async ({ consoleErrors }, use) => {
      await use(undefined);
      expect(consoleErrors.filter(isCspViolation), 'CSP violations in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, type Page };

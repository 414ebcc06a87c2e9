/**
 * `npm run bench:lighthouse`: Lighthouse's desktop performance score of `/login` and, signed in
 * with a team, `/dashboard` (issue 12, docs/performance.md "Web: Lighthouse"). Goal: 95 each.
 *
 * The built web app (`npm run build -w @roomscale/web`; this script does not build) on a real
 * server with a fresh embedded database; Debian's Chromium started by chrome-launcher
 * (`--headless=new --no-sandbox --disable-gpu`), Lighthouse 12 (the last that runs on Node 20)
 * with its desktop configuration (simulated throttling), everything offline on this machine.
 * For `/dashboard` the super admin's tokens go into the origin's local storage first (the way
 * the web app keeps them, apps/web/src/api/tokens.ts) and Lighthouse is told not to reset
 * storage; the HTTP cache is cleared all the same, so the load stays a cold one. One visit
 * before the measured ones leaves what a returning user's browser holds besides the tokens: the
 * last visit's user and team, which the app renders from while it checks them.
 * BENCH_LIGHTHOUSE_RUNS (default 1) runs each page that many times and reports the median.
 */

import { chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumPath, startWebServer, TOKENS_KEY } from './lib/web.ts';

const GOAL = 95;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

type Run = {
  score: number;
  metrics: Record<string, string>;
  shifts: string[];
  /** The largest paint's element and its phases (time to first byte, load delay, load, render delay). */
  lcp: string;
};

type ShiftItem = { score?: number; node?: { selector?: string; nodeLabel?: string } };

async function audit(port: number, url: string, signedIn: boolean): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the tokens put in local storage; the cache is cleared below instead.
      disableStorageReset: signedIn,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const final = new URL(lhr.finalDisplayedUrl).pathname;
  if (final !== new URL(url).pathname) throw new Error(`${url} ended on ${final}`);
  const metrics: Record<string, string> = {};
  for (const [id, label] of METRICS) metrics[label] = lhr.audits[id]?.displayValue ?? '?';
  // What moved: the elements behind the layout shifts, largest first.
  const items = ((lhr.audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)
    ?.items ?? []) as ShiftItem[];
  const shifts = items
    .filter((i) => (i.score ?? 0) >= 0.005)
    .map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? i.node?.nodeLabel ?? '?'}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    metrics,
    shifts,
    lcp: largestPaint(lhr.audits['largest-contentful-paint-element']?.details),
  };
}

type Table = {
  items?: {
    node?: { nodeLabel?: string; selector?: string };
    phase?: string;
    timing?: number;
  }[];
};

/** "<element>: TTFB n ms, load delay n ms, …" from Lighthouse's LCP element audit. */
function largestPaint(details: unknown): string {
  const tables = ((details as { items?: Table[] } | undefined)?.items ?? []) as Table[];
  const node = tables[0]?.items?.[0]?.node;
  const phases = (tables[1]?.items ?? [])
    .map((p) => `${p.phase ?? '?'} ${Math.round(p.timing ?? 0)} ms`)
    .join(', ');
  return `${node?.nodeLabel ?? node?.selector ?? '?'}${phases ? ` (${phases})` : ''}`;
}

/** Puts the session's tokens into the origin's local storage, as the web app keeps them. */
async function storeTokens(page: Page, origin: string, tokens: string) {
  // A document of the origin that runs none of the app's code.
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(
    ([key, value]) =>
      (
        globalThis as unknown as {
          localStorage: { setItem(key: string, value: string): void };
        }
      ).localStorage.setItem(key, value),
    [TOKENS_KEY, tokens] as const,
  );
}

async function main() {
  const server = await startWebServer();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  // The same browser, driven over CDP, to put the session into local storage and clear the cache.
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = cdp.contexts()[0]!;
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    console.log(
      `\nLighthouse desktop performance, ${new Date().toISOString()}, ${RUNS} run(s) each`,
    );
    for (const [path, signedIn] of [
      ['/login', false],
      ['/dashboard', true],
    ] as const) {
      const runs: Run[] = [];
      if (signedIn) {
        // One visit first, as the user's browser has had: besides the tokens, the app keeps the
        // last visit's user and team, which a full load renders from at once (session.ts).
        await storeTokens(page, server.origin, server.storedTokens);
        await page.goto(`${server.origin}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      for (let i = 0; i < RUNS; i++) {
        if (signedIn) await storeTokens(page, server.origin, server.storedTokens);
        await session.send('Network.clearBrowserCache');
        runs.push(await audit(chrome.port, `${server.origin}${path}`, signedIn));
      }
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)]!;
      const all = runs.length > 1 ? ` (runs: ${runs.map((r) => r.score).join(', ')})` : '';
      console.log(
        `${path.padEnd(12)} score ${String(median.score).padStart(3)}${all} — goal ≥ ${GOAL}: ${median.score >= GOAL ? 'met' : 'NOT MET'}`,
      );
      console.log(
        `${''.padEnd(12)} ${Object.entries(median.metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      console.log(`${''.padEnd(12)} largest paint: ${median.lcp}`);
      for (const shift of median.shifts.slice(0, 5)) console.log(`${''.padEnd(12)} shift ${shift}`);
    }
  } finally {
    await cdp.close();
    chrome.kill();
    await server.close();
  }
}

await main();

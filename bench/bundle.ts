/**
 * `npm run bench:bundle`: the web app's first-load JavaScript and CSS per route, as a browser
 * gets them (issue 12, docs/performance.md "Web: first-load bytes").
 *
 * The built web app (`npm run build -w @roomscale/web`; this script does not build) is served by
 * a real server on a fresh embedded database, and each route is opened in a fresh context of
 * Debian's Chromium (no cache) and loaded until the network is idle. Every script and stylesheet
 * fetched by then counts: the entry, its modulepreloads, the lazy screen and what the page
 * imports on its way (team resolution, prefetches). For each, the bytes on the wire (as served,
 * whichever encoding the browser was given) and the sizes of the build's `.gz` and `.br` twins
 * of the same files. Signed-in routes run as the super admin with a team (ADMIN_EMAIL), its
 * tokens put in local storage as the web app keeps them (apps/web/src/api/tokens.ts).
 *
 * Goals: `/login` ≤ 200 KiB of JS (gzip), every route ≤ 350 KiB.
 */

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath, startWebServer, TOKENS_KEY } from './lib/web.ts';

const KiB = 1024;
const LOGIN_GOAL = 200 * KiB;
const ROUTE_GOAL = 350 * KiB;
/**
 * The usage screens with their charts: @mantine/charts and recharts add about 120 KiB gzip,
 * loaded only by the screens that draw a chart (features/insight/ChartCard.tsx).
 */
const CHART_GOAL = 450 * KiB;

/** Routes to load: the public login, then signed-in screens, the heavy ones among them. */
const ROUTES: { path: string; signedIn: boolean; goal?: number }[] = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/files', signedIn: true },
  { path: '/meetings', signedIn: true },
  { path: '/rooms', signedIn: true },
  { path: '/team/users', signedIn: true },
  { path: '/team/subscription', signedIn: true },
  // The usage charts load with the screens that show them (the bench team has no use yet: its
  // Usage tab shows the empty state, the admin overview the platform's 12 weeks as charts).
  { path: '/team/usage', signedIn: true, goal: CHART_GOAL },
  { path: '/admin', signedIn: true, goal: CHART_GOAL },
  { path: '/profile', signedIn: true },
  { path: '/admin/organizations', signedIn: true },
];

type Asset = { url: string; type: 'script' | 'stylesheet'; wire: number; encoding: string };
type Load = { finalPath: string; assets: Asset[] };
/** The page's globals the callbacks run in the browser use (bench/ has no DOM types). */
type Browser = {
  document: { querySelector(selector: string): unknown };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

/** Opens `path` in `page` and records every script and stylesheet until the page is idle. */
async function load(page: Page, origin: string, path: string): Promise<Load> {
  const pending: Promise<Asset | null>[] = [];
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        if (!res) return null;
        return {
          url: req.url(),
          type,
          wire: sizes.responseBodySize,
          encoding: (await res.headerValue('content-encoding')) ?? 'identity',
        } satisfies Asset;
      })(),
    );
  });
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 60_000 });
  // Idle means the screen is there (no page loader left: the lazy screen and its data arrived)
  // and nothing was asked for during the last second. `networkidle` alone is not enough on a
  // busy machine: parsing the entry can take longer than its 500 ms of quiet before the screen's
  // own chunk is even requested.
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as Browser;
      return (
        !!document.querySelector('#root > *') && !document.querySelector('.mantine-Loader-root')
      );
    },
    null,
    { timeout: 60_000 },
  );
  while (inFlight > 0 || Date.now() - lastActivity < 1000)
    await new Promise((r) => setTimeout(r, 100));
  const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
  return { finalPath: new URL(page.url()).pathname, assets };
}

/** Size of the build's file behind `url` with `suffix` ('.gz', '.br'), or as it is without one. */
function builtSize(web: string, url: string, suffix: '.gz' | '.br'): number {
  const file = join(web, new URL(url).pathname);
  return existsSync(file + suffix) ? statSync(file + suffix).size : statSync(file).size;
}

const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;

async function main() {
  const server = await startWebServer();
  const web = server.web;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const stored = server.storedTokens;
    console.log(
      `\nFirst-load JS and CSS per route, ${new Date().toISOString()}, Chromium ${browser.version()}`,
    );
    console.log('(wire: bytes transferred as served; gzip / brotli: the same files as built)\n');
    const header = `${'route'.padEnd(22)} ${'files'.padStart(5)} ${'JS wire'.padStart(11)} ${'JS gzip'.padStart(11)} ${'JS brotli'.padStart(11)} ${'CSS gzip'.padStart(10)}  goal (JS gzip)`;
    console.log(header);
    console.log('-'.repeat(header.length + 10));
    let failed = 0;
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
      if (route.signedIn)
        await context.addInitScript(
          ([key, value]) => {
            const { localStorage } = globalThis as unknown as Browser;
            if (!localStorage.getItem(key)) localStorage.setItem(key, value);
          },
          [TOKENS_KEY, stored] as const,
        );
      const page = await context.newPage();
      const { finalPath, assets } = await load(page, server.origin, route.path);
      await context.close();
      const js = assets.filter((a) => a.type === 'script');
      const css = assets.filter((a) => a.type === 'stylesheet');
      const sum = (list: Asset[], f: (a: Asset) => number) => list.reduce((s, a) => s + f(a), 0);
      const jsGzip = sum(js, (a) => builtSize(web, a.url, '.gz'));
      const goal = route.goal ?? (route.path === '/login' ? LOGIN_GOAL : ROUTE_GOAL);
      const met = jsGzip <= goal;
      if (!met) failed++;
      const encodings = [...new Set(js.map((a) => a.encoding))].join('/');
      console.log(
        [
          route.path.padEnd(22),
          String(js.length + css.length).padStart(5),
          `${kib(sum(js, (a) => a.wire))}`.padStart(11),
          kib(jsGzip).padStart(11),
          kib(sum(js, (a) => builtSize(web, a.url, '.br'))).padStart(11),
          kib(sum(css, (a) => builtSize(web, a.url, '.gz'))).padStart(10),
          ` ≤ ${goal / KiB} KiB: ${met ? 'met' : 'NOT MET'}`,
          finalPath === route.path ? '' : ` (landed on ${finalPath})`,
          ` [served ${encodings}]`,
        ].join(' '),
      );
      if (process.env.BENCH_VERBOSE)
        for (const a of [...js].sort(
          (x, y) => builtSize(web, y.url, '.gz') - builtSize(web, x.url, '.gz'),
        ))
          console.log(
            `    ${kib(builtSize(web, a.url, '.gz')).padStart(10)}  ${new URL(a.url).pathname}`,
          );
    }
    console.log(`\n${failed === 0 ? 'Every goal met.' : `${failed} route(s) over their goal.`}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();

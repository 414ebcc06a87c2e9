/**
 * `npm run bench:lighthouse`: Lighthouse's desktop performance score of `/login` and, signed in
 * with a team, every main screen a returning user opens: the dashboard, the team's files and a
 * folder, meetings, rooms, team users, subscription, profile, and the admin users and teams
 * lists (issues 12 and 27, docs/performance.md "Web: Lighthouse"). Goal: 95 each, LCP ≤ 1.2 s.
 * The team holds what these screens show (`seedScreens`): folders, meetings with a
 * room, rooms. BENCH_LIGHTHOUSE_ONLY=/meetings,/files/team/:folder measures only those screens.
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
import { json } from './lib/load.ts';
import { chromiumPath, startWebServer, TOKENS_KEY } from './lib/web.ts';

const GOAL = 95;
/** Largest contentful paint under the desktop configuration's simulated throttling, in ms. */
const LCP_GOAL_MS = 1200;
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
  lcpMs: number;
  metrics: Record<string, string>;
  shifts: string[];
  /** The largest paint's element and its phases (time to first byte, load delay, load, render delay). */
  lcp: string;
};

type ShiftItem = { score?: number; node?: { selector?: string; nodeLabel?: string } };

async function audit(port: number, url: string, signedIn: boolean, retried = false): Promise<Run> {
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
  if (lhr.runtimeError) {
    // Lighthouse sometimes loses the trace of a load ('NO_NAVSTART'): that run measured nothing,
    // so it is run again, once, and said so; a second failure stops the bench.
    if (!retried && lhr.runtimeError.code === 'NO_NAVSTART') {
      console.log(`  ${url}: ${lhr.runtimeError.code}, run again`);
      return audit(port, url, signedIn, true);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
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
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
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

/**
 * What the screens show: six folders of three folders each in the team (the folder page's), three
 * rooms from the first room template, and four meetings to come in the first room. Returns the
 * first folder's id.
 */
async function seedScreens(origin: string, token: string, teamId: string) {
  const team = `/api/Organizations/${teamId}`;
  const put = <T>(path: string, body: object) =>
    json<T>(origin, path, { method: 'PUT', token, body: JSON.stringify(body) });
  const folders: string[] = [];
  for (let i = 1; i <= 6; i++) {
    const f = await put<{ fileId: string }>(`${team}/File`, {
      name: `Folder ${i}`,
      type: 'Folder',
    });
    folders.push(f.fileId);
    for (let n = 1; n <= 3; n++) {
      await put(`${team}/File`, { name: `Week ${n}`, type: 'Folder', parentFileId: f.fileId });
    }
  }
  const templates = await json<{ results: { id: string }[] }>(origin, `${team}/Rooms`, {
    method: 'POST',
    token,
    body: JSON.stringify({ templateFilter: 'Templates' }),
  });
  const template = templates.results[0]?.id;
  if (!template) throw new Error('no room template to make rooms from');
  const rooms: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const r = await put<{ id: string }>(`${team}/Rooms`, {
      templateOrClonedRoomId: template,
      name: `Room ${i}`,
    });
    rooms.push(r.id);
  }
  const me = await json<{ id: string; email: string }>(origin, '/api/Users/Me', { token });
  for (let i = 1; i <= 4; i++) {
    const start = new Date(Date.now() + i * 86_400_000);
    await put(`${team}/Meetings`, {
      name: `Weekly review ${i}`,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      existingRooms: [rooms[0]],
      participants: [{ email: me.email, userId: me.id, participantType: 'Moderator' }],
      emailNewUsers: false,
    });
  }
  return folders[0]!;
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
    const folder = await seedScreens(server.origin, server.token, server.teamId);
    // [as printed and filtered, the address, signed in]
    const screens: [string, string, boolean][] = [
      ['/login', '/login', false],
      ...[
        '/dashboard',
        '/files/team',
        '/files/team/:folder',
        '/meetings',
        '/rooms',
        '/team/users',
        '/team/subscription',
        '/profile',
        '/admin/users',
        '/admin/organizations',
      ].map((p): [string, string, boolean] => [p, p.replace(':folder', folder), true]),
    ];
    const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',');
    const summary: string[] = [];
    for (const [label, path, signedIn] of screens.filter(([l]) => !only || only.includes(l))) {
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
      const met = median.score >= GOAL && median.lcpMs <= LCP_GOAL_MS;
      const line = `${label.padEnd(20)} score ${String(median.score).padStart(3)}${all}, LCP ${median.lcpMs} ms — goal ≥ ${GOAL}, LCP ≤ ${LCP_GOAL_MS} ms: ${met ? 'met' : 'NOT MET'}`;
      summary.push(line);
      console.log(line);
      console.log(
        `${''.padEnd(20)} ${Object.entries(median.metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      console.log(`${''.padEnd(20)} largest paint: ${median.lcp}`);
      for (const shift of median.shifts.slice(0, 5)) console.log(`${''.padEnd(20)} shift ${shift}`);
    }
    console.log(`\nSummary (median of ${RUNS}):\n${summary.join('\n')}`);
  } finally {
    await cdp.close();
    chrome.kill();
    await server.close();
  }
}

await main();

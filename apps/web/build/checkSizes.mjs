#!/usr/bin/env node
/**
 * `node apps/web/build/checkSizes.mjs [distDir]`: the first-load JavaScript of the web build's
 * routes against the goals of issue 12 (docs/performance.md "Web: first-load bytes"), from the
 * build's own files — no browser, no clock, nothing that can flake. CI runs it right after the
 * build (.ci/run).
 *
 * From the Vite manifest (`dist/.vite/manifest.json`, vite.config.ts `build.manifest`):
 * - the login page: the entry chunk (index.html's script, which renders /login) and its static
 *   imports, transitively; dynamic imports are not counted, they load later;
 * - each screen (a dynamic import of the entry's chunks: lazyScreens.ts): the entry's closure,
 *   the screen's own static closure, its layout's (LAYOUTS), the signed-in shell's (SHELL) and
 *   team resolution's (a signed-in full load passes through it: main.tsx loads both beside the
 *   login); the heaviest of those is the heaviest route.
 * Each file counts at its gzip size: its `.gz` twin as the server sends it (build/precompress.ts)
 * or, for files too small to have one, gzip at the highest level.
 *
 * Exits 1 when a route is over its goal (bytes or files), 0 otherwise; when the build is missing it says so and exits 0 (unit tests run before
 * the build; this check belongs after it).
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const KiB = 1024;
/**
 * Issue 12's goals, and a ceiling on the files a route fetches before it renders: over HTTP/1.1
 * a browser fetches six at a time, so ninety small files cost the dashboard about as much of its
 * first paint as its bytes did (vite.config.ts, the `team` and `shell` groups).
 */
export const goals = { login: 200 * KiB, route: 350 * KiB, files: 60 };
/** Team resolution, which every signed-in full load of a team page goes through. */
const TEAM_RESOLUTION = 'src/features/organization/OrganizationResolvePage.tsx';
/**
 * The signed-in shell (navbar, menus), which the screens show around them and which loads
 * beside the session on a signed-in full load (app/AppFrame.tsx). Counted with every screen.
 */
const SHELL = 'src/features/shell/AppLayout.tsx';
/** What the first load's code imports dynamically that is not a screen: the shell, the terms
 * step and the dialogs' provider (loaded when first needed). */
const notAScreen = (/** @type {string} */ key) =>
  key === SHELL || key.startsWith('src/app/') || key.includes('node_modules');

/** The layout screens and the folders of the screens shown inside them (app/routes.tsx). */
const LAYOUTS = {
  'src/features/files/FilesLayout.tsx': ['src/features/files/'],
  'src/features/team/TeamLayout.tsx': ['src/features/team/', 'src/features/billing/'],
  'src/features/admin/AdminLayout.tsx': ['src/features/admin/'],
};

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/** The manifest keys of `keys` and of their static imports, transitively. */
export function staticKeys(/** @type {Manifest} */ manifest, /** @type {string[]} */ keys) {
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  for (const k of keys) visit(k);
  return seen;
}

/** The JS files of `keys` and of their static imports, transitively. */
export function staticClosure(/** @type {Manifest} */ manifest, /** @type {string[]} */ keys) {
  return new Set(
    [...staticKeys(manifest, keys)]
      .map((k) => /** @type {ManifestChunk} */ (manifest[k]).file)
      .filter((f) => f.endsWith('.js')),
  );
}

/** gzip bytes of one built file, as served. */
function gzipSize(/** @type {string} */ dist, /** @type {string} */ file) {
  const path = join(dist, file);
  if (existsSync(`${path}.gz`)) return readFileSync(`${path}.gz`).length;
  return gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }).length;
}

/**
 * The first-load JS of the login page and of every lazy screen, gzip bytes, heaviest first
 * after the login.
 * @returns {{ name: string, files: number, gzip: number, goal: number }[]}
 */
export function firstLoadSizes(/** @type {string} */ dist) {
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry, found ${entries.join(', ')}`);
  const size = (/** @type {Set<string>} */ files) =>
    [...files].reduce((sum, f) => sum + gzipSize(dist, f), 0);
  const initial = staticKeys(manifest, entries);
  const login = staticClosure(manifest, entries);
  // The screens: what the first load's code imports dynamically (lazyScreens.ts).
  const screens = [
    ...new Set([...initial].flatMap((k) => manifest[k]?.dynamicImports ?? [])),
  ].filter((k) => !initial.has(k) && !notAScreen(k));
  const layoutOf = (/** @type {string} */ screen) =>
    Object.entries(LAYOUTS)
      .filter(([layout, dirs]) => layout !== screen && dirs.some((d) => screen.startsWith(d)))
      .map(([layout]) => layout)
      .filter((layout) => manifest[layout]);
  const routes = screens.map((screen) => {
    const files = staticClosure(manifest, [
      ...entries,
      ...layoutOf(screen),
      ...[TEAM_RESOLUTION, SHELL].filter((k) => manifest[k] && k !== screen),
      screen,
    ]);
    // A screen that shares its chunk with another's static imports is keyed by the chunk.
    const name = screen.startsWith('_')
      ? `${screen.slice(1).replace(/-[\w-]+\.js$/, '')} (shared chunk)`
      : screen.replace(/^src\/features\//, '').replace(/\.tsx?$/, '');
    return {
      name,
      files: files.size,
      gzip: size(files),
      goal: goals.route,
    };
  });
  routes.sort((a, b) => b.gzip - a.gzip);
  const first = {
    name: 'login (entry)',
    files: login.size,
    gzip: size(login),
    goal: goals.login,
  };
  return [first, ...routes];
}

function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    console.log(
      `SKIPPED: no web build at ${dist} (no .vite/manifest.json): run \`npm run build -w @roomscale/web\` first.`,
    );
    return 0;
  }
  const rows = firstLoadSizes(dist);
  const kib = (/** @type {number} */ n) => `${(n / KiB).toFixed(1)} KiB`;
  console.log('First-load JS of the web build (gzip, entry + static imports):');
  let over = 0;
  for (const [i, r] of rows.entries()) {
    const met = r.gzip <= r.goal && r.files <= goals.files;
    if (!met) over++;
    // The login, the heaviest routes, and any route over its goal.
    if (i <= 5 || !met)
      console.log(
        `  ${r.name.padEnd(40)} ${String(r.files).padStart(4)} files ${kib(r.gzip).padStart(11)}  goal ≤ ${r.goal / KiB} KiB, ≤ ${goals.files} files: ${met ? 'met' : 'OVER'}`,
      );
  }
  console.log(`  (${rows.length - 1} screens checked; ${over} over the goal)`);
  if (over) {
    console.log(`${over} over the goal: see docs/performance.md "Web: first-load bytes".`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}

// Bundles the server (and the shared package it imports) into dist/; npm packages stay external.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const sharedDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/shared');
const sharedExports = JSON.parse(readFileSync(resolve(sharedDir, 'package.json'), 'utf8')).exports;

/**
 * The shared package is TypeScript source: bundle it rather than import it at run time, each of
 * its entry points (`@roomscale/shared`, `@roomscale/shared/contract`) by its package exports.
 */
const bundleShared = {
  name: 'bundle-shared',
  setup(b) {
    b.onResolve({ filter: /^@roomscale\/shared(\/.*)?$/ }, (args) => {
      const entry = sharedExports[`.${args.path.slice('@roomscale/shared'.length)}`];
      if (!entry)
        return { errors: [{ text: `${args.path} is not an export of the shared package` }] };
      return { path: resolve(sharedDir, entry) };
    });
  },
};

// dist/main.js is the entry (src/entry.ts): it starts OpenTelemetry when configured, then imports
// the server, a chunk of its own so that its packages (http, pg) load only then. The chunks sit
// beside it (paths such as ../drizzle stay right) and are named by their content: the previous
// build's are removed first.
for (const name of existsSync('dist') ? readdirSync('dist') : []) {
  if (/^\w+-[A-Z0-9]{8}\.js(\.map)?$/.test(name)) rmSync(`dist/${name}`);
}
await build({
  entryPoints: { main: 'src/entry.ts' },
  outdir: 'dist',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  plugins: [bundleShared],
  logLevel: 'warning',
});

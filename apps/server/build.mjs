// Bundles the server (and the shared package it imports) into dist/main.js; npm packages stay external.
import { readFileSync } from 'node:fs';
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

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  plugins: [bundleShared],
  logLevel: 'warning',
});

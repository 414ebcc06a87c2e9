// Bundles the server (and the shared package it imports) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The shared package is TypeScript source: bundle it rather than import it at run time.
  alias: { '@roomscale/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});

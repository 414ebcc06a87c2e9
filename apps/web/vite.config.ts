import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/saml': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: the chunks and their imports, which build/checkSizes.mjs reads to
    // hold the first-load JavaScript to its budget (docs/performance.md).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The shared package's modules only declare things, so the screens' imports through its
        // barrel (`@roomscale/shared`) bring only the modules they use: without this, every
        // schema and text of every screen is part of the first load. zod comes only with a
        // schema (its messages are configured where the package's schemas take `z` from:
        // zodErrors.ts), so a screen that validates nothing carries none of it.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every first load needs (React, the router, Mantine's base, the
            // query client, zod…) in one file instead of some fifty small ones: one request and
            // better compression (a file compresses against itself only). The screens' own
            // libraries still load with their screen.
            { name: 'vendor', tags: ['$initial'], test: /node_modules/ },
          ],
        },
      },
    },
  },
});

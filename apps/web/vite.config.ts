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
            // The rest of the first load stays with the entry: without this group, the two below
            // would take the app modules the login shares with them (texts, the API client) and
            // the login would load them too.
            { name: 'main', tags: ['$initial'] },
            // What every signed-in full load needs before its screen can render, one file each
            // with everything it imports (a group takes its modules' dependencies): team
            // resolution with the screens' first calls, and the signed-in shell. Left to the
            // automatic splitting, the modules they share with the screens (dialogs, menus,
            // icons, the API modules) were some sixty small files: the dashboard made 90 script
            // requests before its heading, a few at a time over HTTP/1.1. Every signed-in screen
            // loads both anyway, so nothing gets heavier (docs/performance.md, Lighthouse).
            {
              name: 'team',
              test: /src[\\/](features[\\/]organization[\\/]OrganizationResolvePage\.tsx|app[\\/]prefetch\.ts)$/,
            },
            { name: 'shell', test: /src[\\/]features[\\/]shell[\\/]AppLayout\.tsx$/ },
          ],
        },
      },
    },
  },
});

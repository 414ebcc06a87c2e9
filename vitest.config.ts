import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/shared/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['./vitest.setup.ts'],
    // Migrates one database for the run, which the server tests' harness copies for each app.
    globalSetup: ['./apps/server/src/test/globalSetup.ts'],
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two cores run two files at a time.
    maxWorkers: 2,
  },
});

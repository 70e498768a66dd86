import { defineConfig } from 'vitest/config';

// Most command tests run in-process (test/helpers/context.ts) with an emulator
// per file; a few spawn bin/mailctl.js. The machines are shared and small, so
// keep parallelism modest and timeouts generous.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A throwaway PostgreSQL cluster for the PostgreSQL archive's tests (issue 29), started only when one is selected.
    globalSetup: ['test/helpers/pg-cluster.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Most command tests run in-process (test/helpers/context.ts) with an emulator
// per file; a few spawn bin/mailctl.js. Three workers on two cores: a worker
// waits on sockets, child processes and PostgreSQL for about a third of its
// time, which a third one fills (a fourth only adds its own loading); see
// CONTRIBUTING, "How long `npm test` takes". Timeouts stay generous.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 3,
    // A throwaway PostgreSQL cluster for the PostgreSQL archive's tests (issue 29), started only when one is selected.
    globalSetup: ['test/helpers/pg-cluster.ts'],
    // CPU per test file, for measuring the suite (CONTRIBUTING, "How long `npm test` takes").
    setupFiles: process.env.MAILCTL_TEST_CPU_LOG ? ['test/helpers/cpu-log.ts'] : [],
    // Test files share their worker process (one per core) instead of each
    // loading vitest, src/ and the emulator into a new one: most of the suite's
    // CPU went to that loading. So a file that changes process-wide state
    // (a prototype, process.env, V8 flags) restores it in afterAll, as
    // test/helpers/network-guard.ts does; see CONTRIBUTING, "Running the tests".
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';

// CLI tests spawn bin/mailctl.js and an emulator per file; the machines are
// shared and small, so keep parallelism modest and timeouts generous.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

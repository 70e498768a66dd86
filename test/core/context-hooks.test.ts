import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { testContext } from '../helpers/context.js';

// What main.ts hands a run beyond the IO (Runtime): work for the first request's wait,
// and whether the process ends with the run. And a run that prints nothing on stderr
// never makes stderr (main.ts makes process.stderr on first use).

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 3 });
});
afterAll(async () => {
  await emu.close();
});

describe("the run's hooks", () => {
  it('whileWaiting runs once, during the first request, whatever the number of requests', async () => {
    const tc = await testContext({ emulator: emu });
    const seen: number[] = [];
    tc.runtime.whileWaiting = () => seen.push(emu.requests.length);
    try {
      emu.clearRequests();
      const api = await tc.context().api();
      await api.request({ method: 'GET', path: '/webhooks' });
      await api.request({ method: 'GET', path: '/webhooks' });
      // once, and after the first request had left (the emulator may not have read it yet)
      expect(seen).toHaveLength(1);
      expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /webhooks', 'GET /webhooks']);
    } finally {
      await tc.close();
    }
  });

  it('a run that ends with the process leaves its connections to the exit; any other run closes them', async () => {
    for (const endsWithProcess of [true, false]) {
      const tc = await testContext({ emulator: emu });
      tc.runtime.endsWithProcess = endsWithProcess;
      const api = await tc.context().api();
      await api.request({ method: 'GET', path: '/webhooks' });
      expect(tc.runtime.disposers).toHaveLength(endsWithProcess ? 0 : 1);
      await api.close(); // what the exit does for the first
      await tc.close();
    }
  });

  it('a spinner asked for with stderr not a terminal (or --quiet) draws nothing and does not make stderr', async () => {
    for (const [stderrIsTTY, quiet] of [[false, false], [true, true]] as const) {
      const tc = await testContext({ stderrIsTTY });
      let made = 0;
      const stderr = tc.io.stderr;
      Object.defineProperty(tc.io, 'stderr', { get: () => (made++, stderr) });
      const spinner = await tc.context({ quiet }).spinner('fetching webhooks');
      spinner.update('still fetching');
      spinner.stop();
      expect(made).toBe(0);
      expect(tc.stderr()).toBe('');
      await tc.close();
    }
  });

  it('a spinner on a terminal draws on stderr (the check above can fail)', async () => {
    const tc = await testContext({ stderrIsTTY: true });
    const stderr = tc.io.stderr;
    Object.defineProperty(stderr, 'columns', { value: 80 });
    const spinner = await tc.context().spinner('fetching webhooks');
    spinner.stop();
    expect(tc.stderr()).toContain('fetching webhooks');
    await tc.close();
  });
});

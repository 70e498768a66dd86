// `events sync` at the service's 3 requests a second (the emulator's token bucket, which
// states its reset in whole seconds, rounded up): it keeps to the allowed rate, whatever
// the sub-second phase of the server's clock when it starts, with no 429 and one request
// per page. One fake clock drives the emulator and the CLI's waits.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
import { fakeClock, runCliInProcess } from '../helpers/context.js';
import { newArchivePath } from './support.js';

const RATE = 3;
const PAGES = 30;

describe('events sync at 3 requests a second', () => {
  // The phase is where in its second the server's clock is when the run starts. At .7 s, a
  // client that waits for each stated reset sends 3 requests every 2 s: half the rate.
  it.each([0, 300, 700, 950])('starting %i ms into a second: at least 95% of the allowed rate, no 429, one request per page', async (phase) => {
    const clock = fakeClock(Date.UTC(2026, 10, 20, 12, 0, 0) + phase);
    const emu = await startEmulator({ seed: 4, events: PAGES * 100, rateLimit: RATE, now: clock.now });
    try {
      const r = await runCliInProcess(['events', 'sync', '--db', newArchivePath(), '--from', '10d'], { env: emulatorEnv(emu), clock });
      expect(r.code, r.stderr).toBe(0);
      // the run's one GET /auth/check (the archive's team), then one request per page
      expect(emu.requests.map((q) => q.path)).toEqual(['/auth/check', ...Array(PAGES).fill('/emails/events')]);
      const log = emu.requests;
      expect(log.map((q) => q.status)).toEqual(Array(PAGES + 1).fill(200));
      // From a full bucket the fastest is RATE requests at once, then RATE a second.
      const allowedMs = ((PAGES + 1 - RATE) / RATE) * 1000;
      const spanMs = log.at(-1)!.time - log[0]!.time;
      expect(allowedMs / spanMs).toBeGreaterThanOrEqual(0.95);
    } finally {
      await emu.close();
    }
  });
});

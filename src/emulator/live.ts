// `--live`: the emulator keeps producing events at about the pace of a small sender (a few a
// second, sometimes none), so `events list --follow` and webhook deliveries have something to
// show. Each tick appends to the main team's log and hands the new events to the deliveries.
import { rngFor } from './prng.js';

export const LIVE_INTERVAL_MS = 1000;

export interface LiveOptions {
  seed: number;
  intervalMs: number;
  /** appends n events now and delivers them */
  append(n: number): void;
}

export function startLive(opts: LiveOptions): { tick(): void; stop(): void } {
  const rng = rngFor(opts.seed, 'live');
  // 0 to 3 events per tick, 1.5 on average
  const tick = () => opts.append(rng.int(4));
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}

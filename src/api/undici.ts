import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { Dispatcher, Pool as PoolClass } from 'undici';

// undici's index eagerly loads fetch, WebSocket, the cache store and more: about
// 150 ms of start-up on our 2-core machines, more than one API call takes. The
// transport needs a Pool and request() only, so it loads just those two modules.
// undici has no "exports" map, so these paths are public; the lockfile pins them
// and test/api/client.test.ts fails if they move.
const requireCjs = createRequire(import.meta.url);

// undici parses HTTP with a WebAssembly build of llhttp. V8 first compiles it
// with its baseline compiler, then re-optimises it on a background thread;
// process.exit waits for that thread (about 150 ms after a one-call command)
// and the optimised code keeps some 30 MB resident during a long export. The
// baseline code is fast enough for JSON pages, so stay on it. A long export
// turns every page into garbage: a young heap that does not grow and V8's
// optimise-for-size heap policy collect it early, so peak memory stays flat
// (measured: 61 MB at 20,000 events, 70 MB at 600,000; 68 and 102 MB without).
// Set before undici compiles anything.
setFlagsFromString('--liftoff-only');
setFlagsFromString('--semi-space-growth-factor=1');
setFlagsFromString('--optimize-for-size');

export const Pool = requireCjs('undici/lib/dispatcher/pool.js') as typeof PoolClass;

const requestImpl = requireCjs('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestImpl.call(dispatcher, options);
}

export type { Dispatcher };

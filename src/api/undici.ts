import { createRequire } from 'node:module';
import type { Dispatcher, Pool as PoolClass } from 'undici';

// undici's index eagerly loads fetch, WebSocket, the cache store and more: about
// 150 ms of start-up on our 2-core machines, more than one API call takes. The
// transport needs a Pool and request() only, so it loads just those two modules.
// undici has no "exports" map, so these paths are public; the lockfile pins them
// and test/api/client.test.ts fails if they move.
const requireCjs = createRequire(import.meta.url);

export const Pool = requireCjs('undici/lib/dispatcher/pool.js') as typeof PoolClass;

const requestImpl = requireCjs('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestImpl.call(dispatcher, options);
}

export type { Dispatcher };

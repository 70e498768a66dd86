import type { Dispatcher } from 'undici';
import PoolImpl from 'undici/lib/dispatcher/pool.js';
import ProxyAgentImpl from 'undici/lib/dispatcher/proxy-agent.js';
import requestImpl from 'undici/lib/api/api-request.js';
import connectImpl from 'undici/lib/api/api-connect.js';

// The transport's one door to undici, and the only module of src/ that imports
// files of undici by path (test/core/vm-tuning.test.ts checks it); their types
// are in undici-lib.d.ts. undici's index loads fetch, WebSocket, the cache
// stores, the mocks and more as it is required, which a command that sends
// one request pays for on every run; the transport needs a Pool, a ProxyAgent
// and request(), so only those files (and what they require) are bundled.
// Bench row: "one call: webhook list --json". undici has no "exports" map, so
// these paths are reachable; the lockfile pins them, and the build fails if
// they move.

export const Pool = PoolImpl;

/**
 * A Pool that can open CONNECT tunnels: ProxyAgent asks its proxy pool for one
 * with connect(), which undici's index adds to every dispatcher and which is
 * not among the files above.
 */
class TunnelPool extends PoolImpl {
  override connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> {
    return connectImpl.call(this, options);
  }
}

/** HTTP(S)_PROXY support (dispatcher.ts), its proxy pool made through ProxyAgent's public clientFactory option. */
export class ProxyAgent extends ProxyAgentImpl {
  constructor(options: ProxyAgentImpl.Options) {
    super({ ...options, clientFactory: (origin, opts) => new TunnelPool(origin, opts) });
  }
}

export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestImpl.call(dispatcher, options);
}

export type { Dispatcher };

import type { Dispatcher, Pool as PoolClass, ProxyAgent as ProxyAgentClass } from 'undici';
// @ts-expect-error undici's internal files have no type declarations
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error undici's internal files have no type declarations
import connectImpl from 'undici/lib/api/api-connect.js';
// @ts-expect-error undici's internal files have no type declarations
import ProxyAgentImpl from 'undici/lib/dispatcher/proxy-agent.js';
// @ts-expect-error undici's internal files have no type declarations
import PoolImpl from 'undici/lib/dispatcher/pool.js';
// @ts-expect-error undici's internal files have no type declarations
import requestCjs from 'undici/lib/api/api-request.js';

// undici's index eagerly loads fetch, WebSocket, the cache store and more: about
// 150 ms of start-up on our 2-core machines, more than one API call takes. The
// transport needs a Pool and request() only, so only those two modules (and what
// they require) are bundled. undici has no "exports" map, so these paths are
// public; the lockfile pins them, and the build fails if they move.

export const Pool = PoolImpl as typeof PoolClass;

// HTTP(S)_PROXY support (api/dispatcher.ts). ProxyAgent opens tunnels with
// dispatcher.connect(), which undici's index adds to every dispatcher
// (Object.assign(Dispatcher.prototype, api)); we skip that index, so add it here.
const prototype = (DispatcherImpl as { prototype: Record<string, unknown> }).prototype;
prototype.connect ??= connectImpl;
export const ProxyAgent = ProxyAgentImpl as typeof ProxyAgentClass;

const requestImpl = requestCjs as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestImpl.call(dispatcher, options);
}

export type { Dispatcher };

import type { ProxyAgent as ProxyAgentClass } from 'undici';
// @ts-expect-error undici's internal files have no type declarations
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error undici's internal files have no type declarations
import connectImpl from 'undici/lib/api/api-connect.js';
// @ts-expect-error undici's internal files have no type declarations
import ProxyAgentImpl from 'undici/lib/dispatcher/proxy-agent.js';

// undici's proxy support, as its own chunk: dispatcher.ts imports it only when a
// proxy applies, so commands on a direct connection load nothing more (see undici.ts).
// ProxyAgent opens tunnels with dispatcher.connect(), which undici's index adds to
// every dispatcher (Object.assign(Dispatcher.prototype, api)); we skip that index, so add it here.
const prototype = (DispatcherImpl as { prototype: Record<string, unknown> }).prototype;
prototype.connect ??= connectImpl;

export const ProxyAgent = ProxyAgentImpl as typeof ProxyAgentClass;

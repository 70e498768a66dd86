import type { ProxyAgent as ProxyAgentClass } from 'undici';
// @ts-expect-error undici's internal files have no type declarations
import ProxyAgentImpl from 'undici/lib/dispatcher/proxy-agent.js';

// undici's proxy support, as its own chunk: dispatcher.ts imports it only when a
// proxy applies, so commands on a direct connection load nothing more (see undici.ts).
export const ProxyAgent = ProxyAgentImpl as typeof ProxyAgentClass;

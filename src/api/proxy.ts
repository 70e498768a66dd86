import type { Env } from '../io.js';

// Which proxy a URL goes through, as curl decides it: `http_proxy` / `HTTP_PROXY`
// for http, `https_proxy` / `HTTPS_PROXY` for https, then `all_proxy`; the
// lowercase form wins; `no_proxy` / `NO_PROXY` lists hosts (and their
// subdomains, with or without a leading dot or `*.`), optionally with a port, or
// `*` for every host. Pure and cheap: doctor and the transport both ask it.

export interface ProxyChoice {
  /** The proxy URL, credentials included: for the dispatcher only, never printed. */
  url: URL;
  /** "host:port", what --verbose and doctor may show. */
  display: string;
  /** The variable it came from, for messages ("set by HTTPS_PROXY"). */
  variable: string;
  /** Whether the URL carries a user name or password (shown as a fact, never as a value). */
  authenticated: boolean;
}

export type ProxyDecision =
  | { kind: 'direct' }
  | { kind: 'bypassed'; variable: string; entry: string }
  | { kind: 'proxy'; proxy: ProxyChoice };

function first(env: Env, names: string[]): [string, string] | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return [name, value];
  }
  return undefined;
}

/** Default ports, so that "example.com:443" in NO_PROXY matches https://example.com. */
function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

/** The NO_PROXY entry that matches this URL, if any. */
function noProxyMatch(url: URL, noProxy: string): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = portOf(url);
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return entry;
    // "[::1]:8080", "host:8080", "host", ".host", "*.host"
    const m = /^(\[[^\]]+\]|[^:]+|[0-9a-f:]+)(?::(\d+))?$/.exec(entry);
    if (!m) continue;
    if (m[2] && Number(m[2]) !== port) continue;
    const name = m[1]!.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    if (host === name || host.endsWith(`.${name}`)) return raw.trim();
  }
  return undefined;
}

function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
}

/** Throws a message naming the variable when its value is not a proxy URL. */
export function decideProxy(target: URL, env: Env): ProxyDecision {
  const https = target.protocol === 'https:';
  const found = first(env, https ? ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'] : ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY']);
  if (!found) return { kind: 'direct' };
  const noProxy = first(env, ['no_proxy', 'NO_PROXY']);
  const entry = noProxy ? noProxyMatch(target, noProxy[1]) : undefined;
  if (noProxy && entry) return { kind: 'bypassed', variable: noProxy[0], entry };
  const [variable, value] = found;
  let url: URL;
  try {
    // curl takes "proxy.corp:3128" without a scheme as http://
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new ProxyConfigError(variable, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxyConfigError(variable, `uses ${url.protocol.replace(/:$/, '')}://, but only http:// and https:// proxies are supported`);
  }
  return { kind: 'proxy', proxy: { url, display: hostPort(url), variable, authenticated: Boolean(url.username || url.password) } };
}

/** Every proxy variable curl reads, in its order. */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'];

/**
 * The passwords in the proxy variables, as written and percent-decoded: secrets of the run
 * (output/scrub.ts), so that a proxy, or a server behind it, that quotes the credentials it was
 * sent does not get them printed. Taken from the text, so a value that is not a URL is covered.
 */
export function proxyPasswords(env: Env): string[] {
  const found: string[] = [];
  for (const name of PROXY_VARIABLES) {
    const userinfo = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)@/i.exec(env[name]?.trim() ?? '')?.[1];
    const colon = userinfo?.indexOf(':') ?? -1;
    if (colon < 0) continue;
    const password = userinfo!.slice(colon + 1);
    found.push(password);
    try {
      found.push(decodeURIComponent(password));
    } catch {
      // not percent-encoded text: the raw form is the secret
    }
  }
  return found;
}

/** A proxy variable that cannot be used; the message names the variable, never its value (it may hold a password). */
export class ProxyConfigError extends Error {
  constructor(readonly variable: string, reason: string) {
    super(`${variable} ${reason}`);
    this.name = 'ProxyConfigError';
  }
}

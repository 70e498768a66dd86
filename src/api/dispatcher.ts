import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import type { Env } from '../io.js';
import { UsageError } from '../errors.js';
import type { FailureWords } from './classify.js';
import { describeNetworkError, TLS_CAUSES } from './network.js';
import { decideProxy, ProxyConfigError, type ProxyDecision } from './proxy.js';
import { Pool, ProxyAgent, type Dispatcher } from './undici.js';

// How the transport reaches the API: straight to it with a keep-alive Pool, or
// through the proxy that HTTPS_PROXY / HTTP_PROXY name (curl's rules, proxy.ts)
// with undici's ProxyAgent, which keeps a keep-alive pool per origin behind it
// (in the undici vendor bundle with Pool, see undici.ts).
// Retries, pacing and timeouts stay in client.ts and apply either way.

export interface PoolTuning {
  connections: number;
  keepAliveTimeout: number;
  pipelining: number;
}

export interface Route {
  decision: ProxyDecision;
  /** "via proxy host:port" for --verbose lines; empty on a direct route. */
  via: string;
}

/** The route to an origin; a proxy variable that is not a URL is a usage error (nothing sent). */
export function routeTo(origin: string, env: Env): Route {
  try {
    const decision = decideProxy(new URL(origin), env);
    return { decision, via: decision.kind === 'proxy' ? `via proxy ${decision.proxy.display}` : '' };
  } catch (error) {
    if (error instanceof ProxyConfigError) {
      throw new UsageError(`the proxy in ${error.message}`, { hint: `fix ${error.variable} (http://[user:password@]host:port), or unset it` });
    }
    throw error;
  }
}

/**
 * NODE_EXTRA_CA_CERTS as the run's environment names it: Node reads that file
 * itself when the process starts and trusts it on every connection, so the
 * transport gives undici no `ca` of its own (a `ca` replaces Node's store:
 * every connection would then parse all of its root certificates again).
 * An unreadable file is a usage error (Node would only warn and then fail the
 * handshake with "unknown authority", which points the user the wrong way).
 */
function checkExtraCaFile(env: Env): void {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return;
  try {
    closeSync(openSync(file, 'r'));
    if (statSync(file).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  } catch (error) {
    throw unreadableCa(file, error);
  }
}

function unreadableCa(file: string, error: unknown): UsageError {
  return new UsageError(`NODE_EXTRA_CA_CERTS names ${file}, which cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
    hint: 'point NODE_EXTRA_CA_CERTS at a PEM file of your CA certificates, or unset it',
  });
}

/**
 * Node's roots plus NODE_EXTRA_CA_CERTS, for `doctor`'s one TLS probe, which
 * also runs in-process (the tests) where Node never read the run's variable.
 * The transport does not use it (see checkExtraCaFile).
 */
export async function extraCa(env: Env): Promise<string[] | undefined> {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return undefined;
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw unreadableCa(file, error);
  }
  // require() in the CommonJS bundle (a dynamic import() has no loader in the code-cached script)
  const { rootCertificates } = typeof require === 'function' ? (require('node:tls') as typeof import('node:tls')) : await import('node:tls');
  return [...rootCertificates, pem];
}

export function createDispatcher(origin: string, route: Route, env: Env, tuning: PoolTuning): Dispatcher {
  checkExtraCaFile(env);
  if (route.decision.kind !== 'proxy') return new Pool(origin, tuning);
  return new ProxyAgent({
    ...tuning,
    uri: route.decision.proxy.url.href,
    // http:// targets go as absolute-form requests (as curl sends them); https:// ones through a CONNECT tunnel.
    proxyTunnel: false,
  });
}

/** The status with which the proxy refused a request or tunnel (undici says it only in words). */
function proxyRefusal(error: unknown): number | undefined {
  const message = (error as Error)?.message ?? '';
  const tunnel = /Proxy response \((\d+)\) !== 200/.exec(message);
  return tunnel ? Number(tunnel[1]) : /Proxy Authentication Required \(407\)/.test(message) ? 407 : undefined;
}

/** How the transport names failures on this route (classify.ts). */
export function failureWords(route: Route): FailureWords {
  return { describe: (e) => describeFailure(e, route), hint: (e) => failureHint(e, route), refused: (e) => proxyRefused(e, route) };
}

/**
 * The proxy refused: the request never reached the API, and asking again with
 * the same credentials gets the same answer, so it is not retried.
 */
function proxyRefused(error: unknown, route: Route): boolean {
  return route.decision.kind === 'proxy' && proxyRefusal(error) !== undefined;
}

/** A failure in words, naming the proxy when one was in the way. */
function describeFailure(error: unknown, route: Route): string {
  if (route.decision.kind !== 'proxy') return describeNetworkError(error);
  const proxy = `proxy ${route.decision.proxy.display} (${route.decision.proxy.variable})`;
  const status = proxyRefusal(error);
  if (status === 407) return `the ${proxy} asks for credentials: proxy authentication required (HTTP 407)`;
  if (status !== undefined) return `the ${proxy} refused the connection (HTTP ${status})`;
  return `${describeNetworkError(error)}, via ${proxy}`;
}

function failureHint(error: unknown, route: Route): string {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (code && TLS_CAUSES[code]) {
    return 'behind a TLS-inspecting gateway, ask for its CA certificate (PEM) and export NODE_EXTRA_CA_CERTS=/path/to/ca.pem';
  }
  if (route.decision.kind !== 'proxy') return 'check the base URL and your network';
  const { variable, authenticated } = route.decision.proxy;
  return `check the proxy in ${variable}${authenticated ? ' and its credentials' : ' (credentials go in the URL: http://user:password@host:port)'}, or list the API host in NO_PROXY`;
}

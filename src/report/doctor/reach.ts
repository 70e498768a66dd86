import { lookup } from 'node:dns/promises';
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { extraCa } from '../../api/dispatcher.js';
import { describeNetworkError, TLS_CAUSES } from '../../api/network.js';
import { decideProxy, ProxyConfigError, type ProxyDecision } from '../../api/proxy.js';
import type { Env } from '../../io.js';
import { fail, pass, warn, type Check } from './check.js';
import { MS_PER_DAY } from '../../time-units.js';

// Can this machine reach the API: the base URL, the proxy in use, DNS, TCP and
// TLS, each with its time. No API request is spent here; every step gives up
// after a few seconds so doctor answers even when the network is down.

const PROBE_TIMEOUT_MS = 3_000;

const isLoopback = (host: string) => ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host) || /^127\./.test(host);

export function baseUrlCheck(baseUrl: string | undefined, env: Env): Check {
  if (!baseUrl) return fail('base_url', 'no base URL is set', 'mailctl config set base_url https://api.example.com  (or export MAILCTL_BASE_URL=...)');
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && env.MAILCTL_ALLOW_HTTP !== '1') {
    return fail('base_url', `${baseUrl} is plain http: the key would cross the network unencrypted, so mailctl refuses it`, 'mailctl config set base_url https://...');
  }
  if (url.protocol === 'http:') return pass('base_url', `${baseUrl} (plain http${isLoopback(url.hostname) ? ' on loopback' : ', MAILCTL_ALLOW_HTTP=1'})`);
  return pass('base_url', baseUrl);
}

function withTimeout<T>(what: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    what,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout();
        reject(Object.assign(new Error(`no answer within ${ms / 1000}s`), { code: 'ETIMEDOUT' }));
      }, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function openTcp(host: string, port: number): Promise<Socket> {
  const socket = tcpConnect({ host, port });
  const opened = new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
  return withTimeout(opened, PROBE_TIMEOUT_MS, () => socket.destroy());
}

const timed = async <T>(step: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await step();
  return [value, Math.round(performance.now() - started)];
};

const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

export function proxyDecision(url: URL, env: Env): ProxyDecision | ProxyConfigError {
  try {
    return decideProxy(url, env);
  } catch (error) {
    if (error instanceof ProxyConfigError) return error;
    throw error;
  }
}

export async function proxyCheck(url: URL, decision: ProxyDecision | ProxyConfigError): Promise<Check> {
  if (decision instanceof ProxyConfigError) return fail('proxy', `the proxy in ${decision.message}`, `fix ${decision.variable} (http://[user:password@]host:port), or unset it`);
  // Only the variables of the URL's scheme count (curl's rule): HTTPS_PROXY may well be set for an http:// URL.
  if (decision.kind === 'direct') {
    const scheme = url.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
    return pass('proxy', `none: direct connection (no ${scheme} or ALL_PROXY set, which an ${url.protocol}// URL would use)`);
  }
  if (decision.kind === 'bypassed') return pass('proxy', `none for ${url.hostname}: ${decision.variable} entry "${decision.entry}" bypasses the proxy`);
  const { proxy } = decision;
  const label = `proxy ${proxy.display} (${proxy.variable}${proxy.authenticated ? ', with credentials' : ''})`;
  try {
    const [socket, ms] = await timed(() => openTcp(proxy.url.hostname.replace(/^\[|\]$/g, ''), portOf(proxy.url)));
    socket.destroy();
    return pass('proxy', `${label} accepts connections (${ms} ms)`);
  } catch (error) {
    return fail('proxy', `${label} cannot be reached: ${describeNetworkError(error)}`, `check ${proxy.variable}, or add ${url.hostname} to NO_PROXY`);
  }
}

/** DNS, TCP and (for https) TLS straight to the API host; skipped behind a proxy, where the API read tests the path. */
export async function connectionChecks(url: URL, env: Env): Promise<{ checks: Check[]; reachable: boolean }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = portOf(url);
  let address: string;
  let dnsMs: number;
  try {
    [{ address }, dnsMs] = await timed(() => withTimeout(lookup(host), PROBE_TIMEOUT_MS, () => undefined));
  } catch (error) {
    const checks = [fail('connection', `${host} does not resolve: ${describeNetworkError(error)}`, 'check the host in base_url (mailctl config get base_url) and your DNS')];
    return { checks, reachable: false };
  }
  let tcpMs: number;
  try {
    let socket: Socket;
    [socket, tcpMs] = await timed(() => openTcp(address, port));
    socket.destroy();
  } catch (error) {
    const checks = [
      fail('connection', `${host} resolves to ${address} (${dnsMs} ms) but TCP port ${port} cannot be reached: ${describeNetworkError(error)}`, 'check base_url, your network and any firewall; behind a proxy, export HTTPS_PROXY=http://proxy:port'),
    ];
    return { checks, reachable: false };
  }
  const checks = [pass('connection', `${host} resolves to ${address} (${dnsMs} ms); TCP port ${port} open (${tcpMs} ms)`)];
  if (url.protocol !== 'https:') return { checks: [...checks, pass('tls', 'not used (plain http)')], reachable: true };
  const tls = await tlsCheck(host, port, env);
  return { checks: [...checks, tls], reachable: tls.status !== 'fail' };
}

async function tlsCheck(host: string, port: number, env: Env): Promise<Check> {
  let ca: string[] | undefined;
  try {
    ca = await extraCa(env);
  } catch (error) {
    return fail('tls', (error as Error).message, 'export NODE_EXTRA_CA_CERTS=/path/to/ca.pem (a readable PEM file), or unset it');
  }
  const servername = /^[\d.]+$|:/.test(host) ? undefined : host;
  // By name, so the certificate is checked against the host the base URL names.
  const socket = tlsConnect({ host, port, ...(servername ? { servername } : {}), ...(ca ? { ca } : {}) });
  try {
    const [, ms] = await timed(() =>
      withTimeout(
        new Promise<void>((resolve, reject) => {
          socket.once('secureConnect', () => resolve());
          socket.once('error', reject);
        }),
        PROBE_TIMEOUT_MS,
        () => socket.destroy(),
      ),
    );
    const cert = socket.getPeerCertificate();
    const days = cert.valid_to ? Math.floor((Date.parse(cert.valid_to) - Date.now()) / MS_PER_DAY) : undefined;
    const found = `handshake ${ms} ms, ${socket.getProtocol() ?? 'TLS'}, certificate valid until ${cert.valid_to ?? '?'}${ca ? ' (trusting NODE_EXTRA_CA_CERTS too)' : ''}`;
    if (days !== undefined && days < 14) return warn('tls', `${found}: expires in ${days} days`, 'tell the service operator: the certificate expires soon');
    return pass('tls', found);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const cause = TLS_CAUSES[code];
    const fix = cause?.includes('NODE_EXTRA_CA_CERTS')
      ? 'export NODE_EXTRA_CA_CERTS=/path/to/ca.pem  (the CA of your TLS-inspecting gateway, or `mailctl emulator --tls` prints its CA path)'
      : 'check the base URL and this machine\'s clock';
    return fail('tls', cause ? `${cause} (${code})` : `TLS handshake failed: ${describeNetworkError(error)}`, fix);
  } finally {
    socket.destroy();
  }
}

import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { decideProxy } from '../../src/api/proxy.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { CliError, ExitCode, NetworkError, UsageError } from '../../src/errors.js';
import { runCli } from '../helpers/cli.js';
import { testProxy } from '../helpers/proxy.js';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function emulator(tls = false): Promise<Emulator> {
  const emu = await startEmulator({ events: 20, tls });
  closers.push(() => emu.close());
  return emu;
}

async function proxy(options: Parameters<typeof testProxy>[0] = {}) {
  const p = await testProxy(options);
  closers.push(p.close);
  return p;
}

function client(emu: Emulator, env: Record<string, string>, options: Partial<ClientOptions> = {}) {
  const lines: string[] = [];
  const api = new ApiClient({
    baseUrl: emu.baseUrl,
    apiKey: emu.keys.full,
    timeoutMs: 5000,
    retries: 0,
    userAgent: 'mailctl/test',
    env,
    onRequestLine: (l) => lines.push(l),
    ...options,
  });
  closers.push(() => api.close());
  return { api, lines };
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  try {
    await promise;
  } catch (error) {
    return error as CliError;
  }
  throw new Error('expected a failure');
}

describe('which proxy a URL takes (curl rules)', () => {
  const https = new URL('https://api.example.com/v1');
  const http = new URL('http://127.0.0.1:8025');
  const proxyOf = (url: URL, env: Record<string, string>) => {
    const d = decideProxy(url, env);
    return d.kind === 'proxy' ? `${d.proxy.variable} ${d.proxy.display}` : d.kind;
  };

  it('takes the scheme\'s variable, lowercase first, then ALL_PROXY; no variable means direct', () => {
    expect(proxyOf(https, {})).toBe('direct');
    expect(proxyOf(https, { HTTPS_PROXY: 'http://p:3128' })).toBe('HTTPS_PROXY p:3128');
    expect(proxyOf(https, { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2' })).toBe('https_proxy lower:2');
    expect(proxyOf(https, { HTTP_PROXY: 'http://p:3128' })).toBe('direct');
    expect(proxyOf(http, { HTTP_PROXY: 'http://p:3128', HTTPS_PROXY: 'http://q:1' })).toBe('HTTP_PROXY p:3128');
    expect(proxyOf(https, { ALL_PROXY: 'http://all:9' })).toBe('ALL_PROXY all:9');
    expect(proxyOf(https, { HTTPS_PROXY: 'proxy.corp:8080' })).toBe('HTTPS_PROXY proxy.corp:8080');
    expect(proxyOf(https, { HTTPS_PROXY: 'http://proxy.corp' })).toBe('HTTPS_PROXY proxy.corp:80');
  });

  it('bypasses per NO_PROXY: host, domain suffix with or without a dot, port, *, IPv6', () => {
    const env = (noProxy: string) => ({ HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:1', NO_PROXY: noProxy });
    expect(proxyOf(https, env('api.example.com'))).toBe('bypassed');
    expect(proxyOf(https, env('example.com'))).toBe('bypassed');
    expect(proxyOf(https, env('.example.com'))).toBe('bypassed');
    expect(proxyOf(https, env('*.example.com'))).toBe('bypassed');
    expect(proxyOf(https, env('ample.com'))).toBe('HTTPS_PROXY p:1');
    expect(proxyOf(https, env('other.org, example.com:443'))).toBe('bypassed');
    expect(proxyOf(https, env('example.com:8443'))).toBe('HTTPS_PROXY p:1');
    expect(proxyOf(https, env('*'))).toBe('bypassed');
    expect(proxyOf(http, env('127.0.0.1'))).toBe('bypassed');
    expect(proxyOf(new URL('http://[::1]:8025'), env('::1'))).toBe('bypassed');
    expect(proxyOf(https, { ...env('other.org'), no_proxy: 'example.com' })).toBe('bypassed');
  });

  it('refuses a proxy variable that is not an http(s) URL, naming the variable and not its value', () => {
    const error = (() => {
      try {
        new ApiClient({ baseUrl: 'https://api.example.com', apiKey: 'k', timeoutMs: 1, retries: 0, userAgent: 'x', env: { HTTPS_PROXY: 'socks5://u:secretpw@p:1' } });
      } catch (e) {
        return e as CliError;
      }
      throw new Error('expected a usage error');
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('HTTPS_PROXY');
    expect(`${error.message} ${error.hint}`).not.toContain('secretpw');
  });
});

describe('the transport through a proxy', () => {
  it('sends http requests to the proxy in absolute form, reusing its connection, and --verbose names the proxy', async () => {
    const emu = await emulator();
    const p = await proxy();
    const { api, lines } = client(emu, { HTTP_PROXY: p.url });
    await api.request({ method: 'GET', path: '/webhooks' });
    await api.request({ method: 'GET', path: '/campaigns', query: { per_page: 1 } });
    expect(p.seen.map((r) => `${r.method} ${r.target}`)).toEqual([`GET ${emu.baseUrl}/webhooks`, `GET ${emu.baseUrl}/campaigns?per_page=1`]);
    expect(emu.requests.map((r) => r.path)).toEqual(['/webhooks', '/campaigns']);
    expect(emu.requests[0]!.key).toBe(emu.keys.full);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`via proxy 127.0.0.1:${p.port}`);
  });

  // Spawned: Node trusts NODE_EXTRA_CA_CERTS only as the process starts (the transport adds no CA of its own).
  it('tunnels https through CONNECT, trusting the CA in NODE_EXTRA_CA_CERTS, keeping tunnels alive', async () => {
    const emu = await emulator(true);
    const p = await proxy();
    const r = await runCli(['events', 'list', '--all', '--per-page', '5', '--ndjson'], {
      env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, HTTPS_PROXY: p.url, NODE_EXTRA_CA_CERTS: emu.caPath! },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(20);
    const port = new URL(emu.baseUrl).port;
    expect(p.seen.length).toBeGreaterThan(0);
    for (const q of p.seen) expect(q).toEqual({ method: 'CONNECT', target: `127.0.0.1:${port}`, proxyAuthorization: undefined });
    expect(emu.requests.length).toBeGreaterThanOrEqual(4);
    // keep-alive through the proxy: the pool may open a second tunnel while the first is settling, not one per request
    expect(p.seen.length).toBeLessThanOrEqual(2);
  });

  it('gives an authenticating proxy the credentials of the URL, and shows neither user nor password', async () => {
    const emu = await emulator();
    const p = await proxy({ auth: 'alice:pr0xy-s3cret' });
    const { api, lines } = client(emu, { http_proxy: p.urlWith('alice:pr0xy-s3cret') });
    await api.request({ method: 'GET', path: '/webhooks' });
    expect(p.seen[0]!.proxyAuthorization).toBe(`Basic ${Buffer.from('alice:pr0xy-s3cret').toString('base64')}`);
    expect(emu.requests[0]!.headers['proxy-authorization']).toBeUndefined();
    expect(lines.join('\n')).not.toMatch(/alice|pr0xy-s3cret/);
  });

  it('reports a proxy that asks for credentials (407) as a network error naming the proxy, without retrying', async () => {
    const emu = await emulator();
    const p = await proxy({ auth: 'alice:right' });
    const { api } = client(emu, { HTTP_PROXY: p.urlWith('alice:wrong-pw') }, { retries: 3 });
    const error = await failure(api.request({ method: 'GET', path: '/webhooks' }));
    expect(p.seen).toHaveLength(1);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(ExitCode.Network);
    expect(error.message).toContain(`proxy 127.0.0.1:${p.port} (HTTP_PROXY)`);
    expect(error.message).toContain('407');
    expect(`${error.message} ${error.hint}`).not.toContain('wrong-pw');
    expect(emu.requests).toHaveLength(0);
  });

  it('reports a tunnel the proxy refuses, and a proxy that is down, naming the proxy', async () => {
    const emu = await emulator(true);
    const p = await proxy({ refuse: 403 });
    const refused = await failure(client(emu, { HTTPS_PROXY: p.url }, { retries: 2 }).api.request({ method: 'PUT', path: '/webhooks/x', body: { name: 'n' } }));
    expect(refused.exitCode).toBe(ExitCode.Network);
    expect(p.seen).toHaveLength(1);
    // the tunnel was refused: the write never reached the API
    expect(refused.outcomeUnknown).toBe(false);
    expect(refused.details.join('\n')).toContain('was not applied');
    expect(refused.message).toContain(`the proxy 127.0.0.1:${p.port} (HTTPS_PROXY) refused the connection (HTTP 403)`);
    await p.close();
    const down = await failure(client(emu, { HTTPS_PROXY: p.url }).api.request({ method: 'GET', path: '/webhooks' }));
    expect(down.exitCode).toBe(ExitCode.Network);
    expect(down.message).toMatch(new RegExp(`connection refused, via proxy 127\\.0\\.0\\.1:${p.port} \\(HTTPS_PROXY\\)`));
    expect(down.hint).toContain('HTTPS_PROXY');
    expect(emu.requests).toHaveLength(0);
  });

  it('goes direct for a host in NO_PROXY', async () => {
    const emu = await emulator();
    const p = await proxy();
    const { api, lines } = client(emu, { HTTP_PROXY: p.url, NO_PROXY: 'localhost,127.0.0.1' });
    await api.request({ method: 'GET', path: '/webhooks' });
    expect(p.seen).toHaveLength(0);
    expect(emu.requests).toHaveLength(1);
    expect(lines[0]).not.toContain('via proxy');
  });
});

describe('TLS to a server signed by a private CA', () => {
  it('fails with the likely cause in one line without the CA', async () => {
    const emu = await emulator(true);
    expect(emu.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const error = await failure(client(emu, {}).api.request({ method: 'GET', path: '/webhooks' }));
    expect(error.exitCode).toBe(ExitCode.Network);
    expect(error.message).toContain('certificate signed by an unknown authority: set NODE_EXTRA_CA_CERTS');
    expect(error.message).not.toContain('\n');
    expect(emu.requests).toHaveLength(0);
  });

  it('says which variable names an unreadable CA file (a usage error, nothing sent)', async () => {
    const emu = await emulator(true);
    const error = await failure(client(emu, { NODE_EXTRA_CA_CERTS: '/nonexistent/ca.pem' }).api.request({ method: 'GET', path: '/webhooks' }));
    expect(error.exitCode).toBe(ExitCode.Usage);
    expect(error.message).toContain('NODE_EXTRA_CA_CERTS names /nonexistent/ca.pem');
    expect(emu.requests).toHaveLength(0);
  });
});

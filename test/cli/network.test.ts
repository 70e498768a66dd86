import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, runCli, startCli } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { testProxy } from '../helpers/proxy.js';

// Every command through a proxy runs in-process (its env is the command's env);
// the binary is spawned where Node itself reads the environment (NODE_EXTRA_CA_CERTS)
// and for the proxy's exit code end to end.

let emu: Emulator;
let tlsEmu: Emulator;
let proxy: Awaited<ReturnType<typeof testProxy>>;

beforeAll(async () => {
  emu = await startEmulator({ events: 50 });
  tlsEmu = await startEmulator({ events: 50, tls: true });
  proxy = await testProxy({ auth: 'ops:pr0xy-pa55' });
});
afterAll(async () => {
  await proxy.close();
  await emu.close();
  await tlsEmu.close();
});
beforeEach(() => {
  emu.clearRequests();
  tlsEmu.clearRequests();
  proxy.seen.length = 0;
});

describe('every command through HTTP_PROXY', () => {
  const commands = (e: Emulator): string[][] => [
    ['events', 'list', '--per-page', '5'],
    ['email', 'show', e.fixtures.requestIds[0]!],
    ['campaign', 'list'],
    ['campaign', 'show', e.fixtures.campaigns.draft],
    ['campaign', 'events', e.fixtures.campaignWithEvents, '--per-page', '5'],
    ['contact', 'show', e.fixtures.contacts[0]!],
    ['segment', 'show', e.fixtures.segments[0]!],
    ['topic', 'update', e.fixtures.topics[0]!, '--name', 'Via the proxy'],
    ['property', 'update', e.fixtures.properties[0]!, '--fallback-value', 'none'],
    ['lists', 'attach', '--contact', e.fixtures.contacts[0]!, '--list', e.fixtures.lists[0]!],
    ['campaign', 'schedule', e.fixtures.campaigns.draft, '--at', '+2h'],
    ['webhook', 'list'],
    ['api', 'GET', '/webhooks'],
  ];

  it('sends each command\'s requests through the authenticating proxy, and never prints its credentials', async () => {
    const env = { ...emulatorEnv(emu), HTTP_PROXY: proxy.urlWith('ops:pr0xy-pa55') };
    for (const args of commands(emu)) {
      const before = { proxied: proxy.seen.length, received: emu.requests.length };
      const r = await runCliInProcess([...args, '--verbose'], { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      const proxied = proxy.seen.slice(before.proxied);
      const received = emu.requests.slice(before.received);
      expect(received.length, args.join(' ')).toBeGreaterThan(0);
      // each request the emulator saw came through the proxy, with the credentials
      expect(proxied.map((p) => `${p.method} ${new URL(p.target).pathname}`)).toEqual(received.map((q) => `${q.method} ${q.path}`));
      for (const p of proxied) expect(p.proxyAuthorization).toBe(`Basic ${Buffer.from('ops:pr0xy-pa55').toString('base64')}`);
      expect(r.stderr).toContain(`via proxy 127.0.0.1:${proxy.port}`);
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/pr0xy-pa55|ops:/);
    }
  });

  it('bypasses the proxy for a host listed in NO_PROXY (lowercase forms too)', async () => {
    const env = { ...emulatorEnv(emu), http_proxy: proxy.urlWith('ops:pr0xy-pa55'), no_proxy: 'example.org,127.0.0.1' };
    for (const args of commands(emu).slice(0, 3)) {
      const r = await runCliInProcess(args, { env });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(proxy.seen).toHaveLength(0);
    expect(emu.requests.length).toBeGreaterThanOrEqual(3);
  });

  it('ends with exit 7 naming the proxy when it refuses the credentials', async () => {
    const r = await runCli(['webhook', 'list', '--retries', '0'], { env: { ...emulatorEnv(emu), HTTP_PROXY: proxy.urlWith('ops:not-the-pw') } });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`proxy 127.0.0.1:${proxy.port} (HTTP_PROXY) asks for credentials`);
    expect(r.stderr).not.toContain('not-the-pw');
    expect(emu.requests).toHaveLength(0);
  });
});

describe('HTTPS with a private CA (emulator --tls)', () => {
  it('fails with a one-line hint without the CA, and works with NODE_EXTRA_CA_CERTS, also through a CONNECT tunnel', async () => {
    // without the CA: in-process (nothing to read at start-up); with it, spawned, as Node reads NODE_EXTRA_CA_CERTS only then
    const bad = await runCliInProcess(['webhook', 'list', '--retries', '0'], { env: emulatorEnv(tlsEmu) });
    expect(bad.code).toBe(7);
    expect(bad.stderr).toMatch(/^error: GET https:\/\/127\.0\.0\.1:\d+\/webhooks: TLS: certificate signed by an unknown authority: set NODE_EXTRA_CA_CERTS/);
    expect(bad.stderr).toContain('hint: ');
    expect(tlsEmu.requests).toHaveLength(0);

    const good = await runCli(['webhook', 'list', '--json'], { env: { ...emulatorEnv(tlsEmu), NODE_EXTRA_CA_CERTS: tlsEmu.caPath! } });
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)).toHaveLength(3);
    expect(tlsEmu.requests).toHaveLength(1);

    const tunnelled = await runCli(['campaign', 'list', '--json'], {
      env: { ...emulatorEnv(tlsEmu), NODE_EXTRA_CA_CERTS: tlsEmu.caPath!, HTTPS_PROXY: proxy.urlWith('ops:pr0xy-pa55') },
    });
    expect(tunnelled.code, tunnelled.stderr).toBe(0);
    expect(proxy.seen.map((p) => p.method)).toEqual(['CONNECT']);
    expect(proxy.seen[0]!.target).toBe(new URL(tlsEmu.baseUrl).host);
    expect(tlsEmu.requests).toHaveLength(2);
  });

  it('mailctl emulator --tls --json prints an https base URL and the CA path, which a client then trusts', async () => {
    const child = startCli(['emulator', '--tls', '--json', '--events', '10']);
    const line = await new Promise<string>((resolve) => {
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        text += d;
        if (text.includes('\n')) resolve(text.split('\n')[0]!);
      });
    });
    const banner = JSON.parse(line) as { base_url: string; keys: { full: string }; ca_path: string };
    try {
      expect(banner.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const r = await runCli(['webhook', 'list'], { env: { MAILCTL_BASE_URL: banner.base_url, MAILCTL_API_KEY: banner.keys.full, NODE_EXTRA_CA_CERTS: banner.ca_path } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(3);
    } finally {
      child.kill('SIGTERM');
      await finished(child);
    }
  });
});

// NODE_EXTRA_CA_CERTS is Node's own: Node reads the file when the process
// starts and trusts it on every TLS connection. The transport must not build a
// `ca` of its own from it (Node's roots plus the file, on every connection: a
// cost each call paid for nothing). In-process, Node never read the run's
// variable, so a client that trusts the CA there has built a `ca` itself;
// spawned, the same variable is all a user needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { CliError, ExitCode } from '../../src/errors.js';
import { emulatorEnv, runCli } from '../helpers/cli.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 5, tls: true });
});
afterAll(() => emu.close());

describe('NODE_EXTRA_CA_CERTS', () => {
  it('in-process, where Node never read it: the client adds no CA of its own, so the private CA stays unknown', async () => {
    // (this machine's own NODE_EXTRA_CA_CERTS, if any, was read at start and names another file)
    expect(process.env.NODE_EXTRA_CA_CERTS).not.toBe(emu.caPath);
    emu.clearRequests();
    const api = new ApiClient({
      baseUrl: emu.baseUrl,
      apiKey: emu.keys.full,
      timeoutMs: 5000,
      retries: 0,
      userAgent: 'mailctl/test',
      env: { NODE_EXTRA_CA_CERTS: emu.caPath! },
    });
    try {
      const error = await api.request({ method: 'GET', path: '/webhooks' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(ExitCode.Network);
      expect((error as CliError).message).toContain('certificate signed by an unknown authority');
      expect(emu.requests).toHaveLength(0);
    } finally {
      await api.close();
    }
  });

  it('spawned against `emulator --tls` with NODE_EXTRA_CA_CERTS at its CA: the call succeeds', async () => {
    emu.clearRequests();
    const r = await runCli(['webhook', 'list', '--json'], { env: { ...emulatorEnv(emu), NODE_EXTRA_CA_CERTS: emu.caPath! } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toHaveLength(emu.fixtures.webhooks.length);
    expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
  });
});

// Item 17 of issue 17: the emulator's request log is bounded (count and body bytes), and a busy
// --port is a usage error naming the port.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call } from '../helpers/emulator.js';
import { runCli } from '../helpers/cli.js';
import { expectCleanFailure } from './support.js';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('the request log is bounded', () => {
  it('keeps the newest requests within the body-byte bound: 30 bodies of 1 MB, 4 MB of log', async () => {
    emu = await startEmulator({ seed: 5, events: 10, requestLog: { maxBodyBytes: 4 * 1024 * 1024 } });
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    for (let i = 0; i < 30; i++) {
      const a = await call(emu, 'PUT', `/webhooks/${emu.fixtures.webhooks[0]}`, { rawBody: big });
      expect(a.status).toBe(422);
    }
    expect(emu.requests.length).toBeLessThanOrEqual(4);
    expect(emu.requests.length).toBeGreaterThanOrEqual(3);
    // the newest are kept, in order
    const seqs = emu.requests.map((r) => r.seq);
    expect(seqs[seqs.length - 1]).toBe(30);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('keeps at most maxRequests records, and clearRequests starts the count again', async () => {
    emu = await startEmulator({ seed: 5, events: 10, requestLog: { maxRequests: 5 } });
    for (let i = 0; i < 12; i++) await call(emu, 'GET', '/webhooks');
    expect(emu.requests.map((r) => r.seq)).toEqual([8, 9, 10, 11, 12]);
    emu.clearRequests();
    await call(emu, 'GET', '/webhooks');
    expect(emu.requests.map((r) => r.seq)).toEqual([13]);
  });

  it('the default bound holds a 4 MB body flood to 64 MB of bodies', async () => {
    emu = await startEmulator({ seed: 5, events: 10 });
    const body = JSON.stringify({ name: 'y'.repeat(4 * 1024 * 1024 - 20) });
    for (let i = 0; i < 24; i++) await call(emu, 'PUT', `/webhooks/${emu.fixtures.webhooks[0]}`, { rawBody: body });
    expect(emu.requests.length).toBeLessThanOrEqual(16);
    expect(emu.requests[emu.requests.length - 1]!.seq).toBe(24);
  });
});

describe('emulator --port on a busy port', () => {
  it('is a usage error (exit 2) naming the port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const r = await runCli(['emulator', '--port', String(port)]);
      expectCleanFailure(r, 2, 'busy port');
      expect(r.stderr).toContain(`--port ${port}: the port is already in use`);
      expect(r.stdout).toBe('');
    } finally {
      blocker.close();
    }
  });
});

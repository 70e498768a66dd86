// Issue 31, item 19: `events list --recipient` with 3,000 addresses built a 66 KB URL and got 431
// from the server. The request line is measured before sending: past 8,000 bytes the run is
// refused (exit 2, naming --recipient and how many such addresses fit), nothing is sent; any
// other request that long is refused the same way by the transport.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorEnv } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

const emu = useEmulator({ events: 300 });
let env: Record<string, string>;
beforeAll(() => {
  env = emulatorEnv(emu, 'full');
});

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `recipient.${i}@example.com`);

/** The status the emulator answers to a GET whose request line has about `bytes` bytes. */
function rawGet(bytes: number): Promise<number> {
  const url = new URL(emu.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `/emails/events?recipients=${'a'.repeat(bytes)}`, headers: { authorization: `Bearer ${emu.keys.full}` } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the request line is bounded before sending', () => {
  it('the emulator, like a real server, answers 431 to an over-long request line, and takes one within the bound', async () => {
    expect(await rawGet(66_000)).toBe(431);
    expect(await rawGet(7_900)).toBe(422); // read and judged: not an address
  });

  it('events list --recipient with 3,000 addresses: exit 2 naming --recipient and how many fit; nothing sent', async () => {
    const r = await runCli(['events', 'list', '--all', '--recipient', addresses(3000).join(',')], { env });
    expectCleanFailure(r, 2, '3,000 recipients');
    expect(r.stderr).toMatch(/^error: --recipient: 3,000 addresses make a request line of [\d,]+ bytes, more than the 8,000 a server is sure to accept \(nothing was sent\)\n/);
    expect(r.stderr).toContain('mailctl events list --db --recipient');
    expect(emu.requests).toHaveLength(0);
    expect(r.stdout).toBe('');

    // as many as the hint says fit are accepted by the emulator, every page of them
    const fit = Number(/give at most ([\d,]+) such addresses/.exec(r.stderr)![1]!.replace(/,/g, ''));
    expect(fit).toBeGreaterThan(100);
    const ok = await runCli(['events', 'list', '--all', '--ndjson', '--recipient', addresses(fit).join(',')], { env });
    expect(ok.code, ok.stderr.slice(0, 400)).toBe(0);
    expect(emu.requests.length).toBeGreaterThan(0);
    for (const q of emu.requests) expect(q.query.recipients!.split(',')).toHaveLength(fit);
    const one = await runCli(['events', 'list', '--recipient', addresses(fit + 1).join(',')], { env });
    expectCleanFailure(one, 2, `${fit + 1} recipients`);
  });

  it('any other request past the bound (api GET with a long query) is refused by the transport, exit 2, nothing sent', async () => {
    const r = await runCli(['api', 'GET', '/emails/events', '--query', `recipients=${addresses(1000).join(',')}`], { env });
    expectCleanFailure(r, 2, 'api GET long query');
    expect(r.stderr).toMatch(/^error: the request line of GET \/emails\/events would be [\d,]+ bytes, more than the 8,000 a server is sure to accept: nothing was sent\n/);
    expect(emu.requests).toHaveLength(0);
  });
});

// The PostgreSQL archive's connection (issue 29): one line and the right exit
// code for each failure (nothing listening, no such database, a refused TLS),
// and sslmode as libpq means it, against the test cluster, which offers TLS
// with a certificate of a test CA for 127.0.0.1 (it listens on 127.0.0.2 too).
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { runCli } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { usePostgres, type TestDatabase } from '../helpers/postgres.js';
import { eventRequests, sync } from './support.js';

let emu: Emulator;
const pg = usePostgres('conn');
/** One archive synced over a day, for the tests that only read it (events list). */
let synced: Promise<TestDatabase> | undefined;
const syncedArchive = () =>
  (synced ??= (async () => {
    const db = await pg.fresh();
    expect((await sync(emu, db.url, ['--from', '1d'])).code).toBe(0);
    return db;
  })());

beforeAll(async () => {
  emu = await startEmulator({ seed: 30, events: 300 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.clearRequests();
});

const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error:'));

describe('connection failures: one line, the right exit code', () => {
  it('nothing listening: exit 7 (network), nothing sent to the API', async () => {
    const r = await sync(emu, 'postgres://ops@127.0.0.1:1/events');
    expect(r.code).toBe(7);
    expect(errorLines(r.stderr)).toEqual(['error: cannot reach the PostgreSQL server 127.0.0.1:1 (ECONNREFUSED)']);
    expect(eventRequests(emu)).toHaveLength(0);
  });

  it('a server that never answers: exit 7 saying it timed out after PGCONNECT_TIMEOUT, not that a connection was lost', async () => {
    const silent = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const r = await runCliInProcess(['events', 'list', '--db', `postgres://ops@127.0.0.1:${port}/events`], { env: { PGCONNECT_TIMEOUT: '1' } });
      expect(r.code).toBe(7);
      expect(errorLines(r.stderr)).toEqual([`error: cannot reach the PostgreSQL server 127.0.0.1:${port}: no connection within 1 s (PGCONNECT_TIMEOUT)`]);
    } finally {
      silent.close();
    }
  });

  it('a database the server does not have: exit 2 naming it', async () => {
    const url = pg.admin().replace(/\/postgres$/, '/no_such_db');
    const r = await runCliInProcess(['events', 'list', '--db', url, '--all']);
    expect(r.code).toBe(2);
    expect(errorLines(r.stderr)[0]).toMatch(/has no database "no_such_db"/);
  });

  // The test cluster offers TLS with a certificate of a test CA for 127.0.0.1 (not 127.0.0.2, where it listens too).
  it('sslmode: disable, prefer and require connect; verify-full checks the CA (sslrootcert) and the host name, verify-ca the CA only', async () => {
    const db = await syncedArchive();
    const ca = inject('pgCaFile');
    const other = db.url.replace('127.0.0.1', '127.0.0.2');
    const list = (url: string, env: Record<string, string> = {}) => runCliInProcess(['events', 'list', '--db', url, '--all', '--json'], { env });
    for (const url of [`${db.url}?sslmode=disable`, db.url, `${db.url}?sslmode=require`, `${db.url}?sslmode=verify-full&sslrootcert=${ca}`, `${other}?sslmode=verify-ca&sslrootcert=${ca}`]) {
      const r = await list(url);
      expect(r.code, `${url}: ${r.stderr}`).toBe(0);
    }
    const untrusted = await list(`${db.url}?sslmode=verify-full`);
    expect(untrusted.code).toBe(7);
    expect(errorLines(untrusted.stderr)).toEqual([expect.stringMatching(/^error: TLS with the PostgreSQL server 127\.0\.0\.1:\d+ failed \(sslmode=verify-full\): .*certificate/)]);
    const wrongHost = await list(`${other}?sslmode=verify-full&sslrootcert=${ca}`);
    expect(wrongHost.code).toBe(7);
    expect(errorLines(wrongHost.stderr)[0]).toMatch(/TLS with the PostgreSQL server 127\.0\.0\.2:\d+ failed \(sslmode=verify-full\): .*127\.0\.0\.2/);
    const missing = await list(`${db.url}?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem`);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('sslrootcert /nonexistent/ca.pem: cannot read it (ENOENT)');
  });

  it('sslmode=verify-full trusts the CAs of NODE_EXTRA_CA_CERTS (spawned: Node reads it at start)', async () => {
    const db = await syncedArchive();
    const r = await runCli(['events', 'list', '--db', `${db.url}?sslmode=verify-full`, '--all', '--json'], { env: { NODE_EXTRA_CA_CERTS: inject('pgCaFile') } });
    expect(r.code, r.stderr).toBe(0);
  });

  it('an unknown URL parameter or sslmode is a usage error naming it', async () => {
    for (const [url, text] of [['postgres://u@h/db?sslmode=sometimes', 'sslmode must be one of'], ['postgres://u@h/db?sslkey=x', 'unknown parameter "sslkey"']] as const) {
      const r = await runCliInProcess(['events', 'list', '--db', url]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(text);
    }
  });
});

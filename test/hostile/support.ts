// Shared by the hostile suite (test/hostile/*.test.ts): a network guard preloaded
// into every spawned CLI, and the checks every failure must pass.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as globalExpect, type ExpectStatic } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { tempDir } from '../helpers/cli.js';

/**
 * A module preloaded with --import into the spawned CLI: any attempt to open a
 * socket to a host that is not loopback ends the process at once with exit 99
 * and a GUARD line on stderr, before a packet can leave. So a test that points
 * the CLI at 10.255.255.1 proves "no connection" instead of hoping for it.
 */
const GUARD = `
import net from 'node:net';
const loopback = (h) => h === undefined || h === 'localhost' || h === '::1' || /^127\\./.test(h) || h === '::ffff:127.0.0.1';
function check(args) {
  let o = args[0];
  if (Array.isArray(o)) o = o[0];
  if (o === null || typeof o !== 'object') o = { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
  if (o.path !== undefined) return;
  if (!loopback(o.host)) {
    process.stderr.write('GUARD: blocked a connection to ' + o.host + '\\n');
    process.exit(99);
  }
}
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) { check(args); return connect.apply(this, args); };
`;

const guardDir = tempDir('mailctl-guard-');
const guardFile = join(guardDir, 'guard.mjs');
writeFileSync(guardFile, GUARD);

/** Env that loads the network guard into the spawned CLI. */
export const guardEnv = (): Record<string, string> => ({ NODE_OPTIONS: `--import=${guardFile}` });

/** A failure as cli.md wants it: one `error:` line first, no stack trace, no crash report, short (`expect`: a concurrent test's own). */
export function expectCleanFailure(r: CliResult, code: number, context = '', expect: ExpectStatic = globalExpect): void {
  const where = `${context}\nexit ${r.code}\nstderr: ${r.stderr.slice(0, 2000)}`;
  expect(r.code, where).toBe(code);
  expect(r.stderr, where).toMatch(/^error: \S/);
  expect(r.stderr.match(/^error: /gm)?.length, where).toBe(1);
  expect(r.stderr, where).not.toMatch(/^\s+at /m);
  expect(r.stderr, where).not.toContain('unexpected failure');
  expect(r.stderr, where).not.toContain('GUARD');
  // one clear message, not an echo of a 100 KB value
  expect(r.stderr.length, where).toBeLessThan(2000);
  // no raw control characters (terminal escapes from hostile input)
  expect(r.stderr, where).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
}

export const BIG = 'x'.repeat(100_000);
export const UNICODE = 'ünïcødé-🚀-中文-\u202e';
export const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// The in-process twin of hostile/support.ts's preloaded guard: while installed,
// a socket to anything but loopback is refused before a packet leaves, and
// recorded, so a test proves "no connection" instead of hoping for it.
import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';

const loopback = (h: unknown) => h === undefined || h === 'localhost' || h === '::1' || h === '::ffff:127.0.0.1' || (typeof h === 'string' && /^127\./.test(h));

/** Hosts a command tried to reach while the guard was installed. */
export const blockedHosts: string[] = [];

/**
 * Installs the guard for the tests of the calling file or describe block (call it
 * at its top level): before its first test, with an empty record; removed after
 * its last, since test files share their worker process (vitest.config.ts).
 */
export function installNetworkGuard(): void {
  const connect = net.Socket.prototype.connect;
  beforeAll(() => {
    blockedHosts.length = 0;
    net.Socket.prototype.connect = guarded(connect);
  });
  afterAll(() => {
    net.Socket.prototype.connect = connect;
  });
}

function guarded(connect: typeof net.Socket.prototype.connect): typeof connect {
  return function (this: net.Socket, ...args: unknown[]) {
    let o = args[0] as any;
    if (Array.isArray(o)) o = o[0];
    if (o === null || typeof o !== 'object') o = { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
    if (o.path === undefined && !loopback(o.host)) {
      blockedHosts.push(String(o.host));
      throw new Error(`GUARD: blocked a connection to ${o.host}`);
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
}

import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { Client, ClientConfig } from 'pg';
import { AuthError, CliError, ExitCode, NetworkError, UsageError } from '../../errors.js';
import { credentialAccount, passwordPlaces, serverAddress, type PgTarget } from '../location.js';
import { pgpassPassword } from './pgpass.js';
import { loadPg } from './load.js';

// One connection to a PostgreSQL archive, through the pg package (loaded here,
// by archive commands only). The password is asked for only when the server
// asks for one: PGPASSWORD, then ~/.pgpass, then the OS credential store; it
// is handed to the run's secret set, so nothing it writes can show it.

type Env = Record<string, string | undefined>;

export interface PgConnectOptions {
  env: Env;
  signal?: AbortSignal;
  /** --verbose: one line naming host, port and database (never the user or password). */
  trace?: (line: string) => void;
  warn: (message: string) => void;
  /** The OS credential store's password of an account (user@host:port/db), when it has one. */
  storedPassword?: (account: string) => Promise<string | undefined>;
  /** Takes a secret out of everything the run writes. */
  addSecret?: (secret: string) => void;
  /** Shown in pg_stat_activity, and in the notice of a sync that waits for another. */
  applicationName?: string;
}

/** Without PGCONNECT_TIMEOUT: an address that never answers fails after this long, not after the OS's minutes. */
const CONNECT_TIMEOUT_S = 10;

function loginName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'postgres';
  }
}

/** The TLS settings of an sslmode, as libpq means them. */
function tlsOf(target: PgTarget, env: Env): ClientConfig['ssl'] {
  const mode = target.sslmode;
  if (mode === 'disable') return false;
  if (mode === 'prefer' || mode === 'require') return { rejectUnauthorized: false };
  // verify-ca and verify-full: the server's certificate must chain to a trusted
  // CA: sslrootcert (or PGSSLROOTCERT) when given, else Node's own store plus
  // NODE_EXTRA_CA_CERTS. verify-ca does not check the host name.
  const rootcert = target.sslrootcert ?? env.PGSSLROOTCERT;
  let ca: string | undefined;
  if (rootcert) {
    try {
      ca = readFileSync(rootcert, 'utf8');
    } catch (error) {
      throw new UsageError(`sslrootcert ${rootcert}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  return { rejectUnauthorized: true, ...(ca ? { ca } : {}), ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}) };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** The error to report for a failure of PostgreSQL (or of the way to it): one line with its exit code; anything else as it is. */
export function pgFailure(error: unknown, target: PgTarget): unknown {
  if (error instanceof CliError) return error;
  const e = error as { code?: unknown; message?: string };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = (e.message ?? String(error)).split('\n')[0]!;
  const where = serverAddress(target);
  if (NETWORK_CODES.has(code)) return new NetworkError(`cannot reach the PostgreSQL server ${where} (${code})`, { cause: error });
  if (/^Connection terminated|^timeout expired|Connection ended unexpectedly|is not queryable/i.test(message)) {
    return new NetworkError(`lost the connection to the PostgreSQL server ${where} (${message})`, { cause: error });
  }
  if (code === '57P01' || code === '57P02' || code === '57P03') {
    return new NetworkError(`the PostgreSQL server ${where} ended the connection: ${message} (${code})`, { cause: error });
  }
  if (/SSL|TLS|certificate|CERT_|self[- ]signed/i.test(message) || code.startsWith('ERR_TLS') || /CERT/.test(code)) {
    return new NetworkError(`TLS with the PostgreSQL server ${where} failed (sslmode=${target.sslmode}): ${message}`, { cause: error });
  }
  if (code === '28P01' || code === '28000') {
    return new AuthError(`the PostgreSQL server ${where} refused the login to ${target.database}: ${message}`, {
      hint: `give the password in ${passwordPlaces(credentialAccount(target))}`,
    });
  }
  if (code === '3D000') return new UsageError(`the PostgreSQL server ${where} has no database "${target.database}": ${message}`);
  if (code === '42501') return new AuthError(`PostgreSQL refused it on ${target.display}: ${message} (${code})`);
  if (code === '53100') return new CliError(`cannot write the event archive ${target.display}: the server's disk is full (${code})`, ExitCode.Failure, { cause: error });
  return error;
}

/** Connects; with `opts.signal` aborted, the connection is closed (a query waiting on it fails at once). */
export async function connectPg(target: PgTarget, opts: PgConnectOptions): Promise<Client> {
  const pg = await loadPg();
  const user = target.user ?? opts.env.PGUSER ?? loginName();
  const account = credentialAccount({ ...target, user });
  const password = async (): Promise<string> => {
    const found =
      opts.env.PGPASSWORD ||
      pgpassPassword({ host: target.host, port: target.port, database: target.database, user }, opts.env, opts.warn) ||
      (await opts.storedPassword?.(account));
    if (!found) {
      throw new AuthError(`the PostgreSQL server ${serverAddress(target)} asks a password for ${account}, and none was found`, {
        hint: `give it in ${passwordPlaces(account)}`,
      });
    }
    opts.addSecret?.(found);
    return found;
  };
  const timeout = Number(opts.env.PGCONNECT_TIMEOUT) > 0 ? Number(opts.env.PGCONNECT_TIMEOUT) : CONNECT_TIMEOUT_S;
  const config = (ssl: ClientConfig['ssl']): ClientConfig => ({
    host: target.host, port: target.port, database: target.database, user, password, ssl,
    connectionTimeoutMillis: timeout * 1000,
    application_name: opts.applicationName ?? 'mailctl',
  });
  opts.trace?.(`PostgreSQL: connecting to ${serverAddress(target)}, database ${target.database} (sslmode ${target.sslmode})`);
  const attempt = async (ssl: ClientConfig['ssl']): Promise<Client> => {
    const client = new pg.Client(config(ssl));
    // A connection error after connect (the server restarted) fails the query in flight; this keeps it from being unhandled.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };
  let client: Client;
  try {
    try {
      client = await attempt(tlsOf(target, opts.env));
    } catch (error) {
      // sslmode=prefer: a server without TLS is then spoken to in plain text, as libpq does
      if (target.sslmode !== 'prefer' || !/does not support SSL/i.test((error as Error).message)) throw error;
      client = await attempt(false);
    }
  } catch (error) {
    // pg says "timeout expired" when connectionTimeoutMillis passes before the connection was
    // made (TCP, TLS, the login and the password lookup all count): never connected, so not "lost"
    if (/^timeout expired/i.test((error as Error).message ?? '')) {
      const setting = timeout === Number(opts.env.PGCONNECT_TIMEOUT) ? 'PGCONNECT_TIMEOUT' : `PGCONNECT_TIMEOUT, ${CONNECT_TIMEOUT_S} by default`;
      throw new NetworkError(`cannot reach the PostgreSQL server ${serverAddress(target)}: no connection within ${timeout} s (${setting})`, { cause: error });
    }
    throw pgFailure(error, target);
  }
  if (opts.signal) {
    const onAbort = () => void client.end().catch(() => undefined);
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  }
  return client;
}

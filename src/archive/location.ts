import { UsageError } from '../errors.js';

// Where an archive lives: an SQLite file (a path) or a PostgreSQL database (a
// postgres:// or postgresql:// URL). Light on purpose: the --db flag's parser
// runs for every archive command, before anything heavy loads.

/** The TLS modes of libpq's sslmode that mailctl honours. */
const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** A PostgreSQL archive, as its URL names it (never with a password). */
export interface PgTarget {
  host: string;
  port: number;
  database: string;
  /** The role; the URL's user, else PGUSER, else the login name (libpq's order), filled in when connecting. */
  user?: string;
  sslmode: SslMode;
  sslrootcert?: string;
  /** postgres://user@host:port/db: what messages and --verbose show. */
  display: string;
}

export type ArchiveLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; target: PgTarget };

/** The query parameters a URL may carry; anything else is refused rather than silently ignored. */
const KNOWN_PARAMS = new Set(['sslmode', 'sslrootcert', 'password']);

function isPostgresUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text.trim());
}

/** Where the password goes instead of the URL (cli.md "Team archive on PostgreSQL"). */
export function passwordPlaces(account: string): string {
  return `PGPASSWORD, ~/.pgpass or the OS credential store (service "mailctl-postgres", account "${account}")`;
}

/** host:port as messages show it; an IPv6 host in brackets, as in a URL. */
export function serverAddress(t: Pick<PgTarget, 'host' | 'port'>): string {
  return `${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}`;
}

/** The credential store's account of a database: user@host:port/dbname. */
export function credentialAccount(t: Pick<PgTarget, 'host' | 'port' | 'database'> & { user?: string }): string {
  return `${t.user ?? ''}@${t.host}:${t.port}/${t.database}`;
}

/**
 * Parses a PostgreSQL URL given as `source` (--db, MAILCTL_DB). A URL with a
 * password is refused, naming where the password goes; no message ever quotes
 * the URL as given, which could hold one.
 */
export function parsePgUrl(text: string, source: string): PgTarget {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(`${source}: not a valid PostgreSQL URL; the form is postgres://user@host:5432/dbname`);
  }
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : 5432;
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const account = credentialAccount({ user, host: host || 'localhost', port, database });
  if (url.password !== '' || url.searchParams.has('password')) {
    throw new UsageError(`${source}: a PostgreSQL URL must not carry a password (it would show in shell history and process lists): give it in ${passwordPlaces(account)}`, {
      hint: 'remove the password from the URL: postgres://user@host:5432/dbname',
    });
  }
  if (host === '') throw new UsageError(`${source}: the PostgreSQL URL names no host; the form is postgres://user@host:5432/dbname`);
  if (database === '' || database.includes('/')) throw new UsageError(`${source}: the PostgreSQL URL names no database; the form is postgres://user@host:5432/dbname`);
  for (const name of url.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(name)) throw new UsageError(`${source}: unknown parameter "${name}" in the PostgreSQL URL (known: sslmode, sslrootcert)`);
  }
  // libpq's default: TLS when the server offers it, plain otherwise
  const mode = url.searchParams.get('sslmode') ?? 'prefer';
  if (!(SSL_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`${source}: sslmode must be one of ${SSL_MODES.join(', ')} (got "${mode}")`);
  }
  const sslrootcert = url.searchParams.get('sslrootcert') ?? undefined;
  return {
    host, port, database, user, sslmode: mode as SslMode, sslrootcert,
    display: `postgres://${user ? `${encodeURIComponent(user)}@` : ''}${serverAddress({ host, port })}/${encodeURIComponent(database)}`,
  };
}

/**
 * A scheme that is not postgres:// or postgresql:// (pg://, postgres:/): a mistyped URL, not a
 * file to create (with the password in its folder names). Two letters at least: `C:/x` is a path.
 */
function otherScheme(text: string): string | undefined {
  const t = text.trim();
  const scheme = /^[a-z][a-z0-9+.-]+:/i.exec(t)?.[0];
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(t) || /^postgres(ql)?:/i.test(t) || (scheme && hasCredentials(t.slice(scheme.length)))) return scheme;
  return undefined;
}

/**
 * `user:password@` in one part of the path (`/` or `\\` separated, a Windows drive aside): a URL's
 * credentials (`pg:u:pw@h/db`, `u:pw@h/db`, `pg:u@h/db`), not a file's name.
 */
const hasCredentials = (text: string) => /(^|[\\/])[^\\/]*:[^\\/]*@/.test(text.replace(/^[a-z]:(?=[\\/])/i, ''));

/** A --db value or MAILCTL_DB as a location: a URL is parsed (and refused with a password), anything else is a path. */
export function archiveLocation(text: string, source: string): ArchiveLocation {
  if (isPostgresUrl(text)) return { kind: 'postgres', target: parsePgUrl(text, source) };
  const scheme = otherScheme(text);
  // only the scheme is quoted: the rest may hold a password
  if (scheme) throw new UsageError(`${source}: "${scheme}" is not a PostgreSQL URL (postgres://user@host:5432/dbname or postgresql://…)`);
  if (hasCredentials(text)) {
    throw new UsageError(`${source}: looks like a URL, not a file path: a PostgreSQL URL is postgres://user@host:5432/dbname (a password goes in PGPASSWORD, ~/.pgpass or the OS credential store)`);
  }
  return { kind: 'sqlite', path: text };
}

/** What messages call the archive: its file's path, or its URL without a password. */
export function locationLabel(loc: ArchiveLocation): string {
  return loc.kind === 'sqlite' ? loc.path : loc.target.display;
}

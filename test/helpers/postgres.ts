// The PostgreSQL archive's tests: the cluster of test/helpers/pg-cluster.ts
// (vitest globalSetup), a fresh database per test, and the same skip rule as
// test/helpers/tools.ts: without PostgreSQL the tests skip saying why, and
// under MAILCTL_CI_STRICT=1 (.ci/run) they fail instead.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeEach, inject, type TestContext } from 'vitest';

export { PASSWORD_ROLE, PASSWORD_ROLE_SECRET } from './pg-cluster.js';

/** The cluster's admin URL; skips the running test (fails it under MAILCTL_CI_STRICT=1) when there is none. */
export function requirePostgres(ctx: Pick<TestContext, 'skip'>, env: NodeJS.ProcessEnv = process.env): string {
  const url = inject('pgAdminUrl');
  if (url) return url;
  const reason = inject('pgMissing') || 'no PostgreSQL cluster';
  if (env.MAILCTL_CI_STRICT === '1') throw new Error(`${reason}, and MAILCTL_CI_STRICT=1 forbids skipping (did .ci/run's apt-get install fail?)`);
  console.warn(reason);
  ctx.skip(reason);
  return '';
}

export interface TestDatabase {
  /** postgres://postgres@127.0.0.1:PORT/NAME: what --db takes. */
  url: string;
  name: string;
  /** A query on the database itself, as the postgres superuser (not through mailctl's code). */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/**
 * One connection per database URL for the tests' own queries (CREATE and DROP DATABASE on the
 * admin URL, reading rows back), kept while queries follow each other and closed once idle: a
 * connection is a new server process, which costs the server more than these queries. The
 * connections never keep a worker alive (allowExitOnIdle), and one that the server ends (DROP
 * DATABASE … WITH (FORCE), a restart) is replaced by the next query.
 */
const pools = new Map<string, pg.Pool>();
function pooled(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 1000, allowExitOnIdle: true });
    pool.on('error', () => undefined);
    pools.set(url, pool);
  }
  return pool;
}

/** A query on a database of the cluster (by URL), as the role the URL names: not through mailctl's code. */
export async function sqlOn<R extends pg.QueryResultRow = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  return (await pooled(url).query<R>(sql, params)).rows;
}

/** Ends the connection sqlOn keeps to a database, as CREATE DATABASE … TEMPLATE wants no one connected to the template. */
async function release(url: string): Promise<void> {
  const pool = pools.get(url);
  pools.delete(url);
  await pool?.end().catch(() => undefined);
}

/** Whether the server copies a database's files (PostgreSQL 15 and later), by admin URL. */
const fileCopy = new Map<string, Promise<boolean>>();

/**
 * A new empty database on the cluster, or a copy of `template` (a database of
 * the cluster no one is connected to: a file copy, much cheaper than filling
 * it again); `drop` removes it (whoever is still connected). From PostgreSQL 15
 * on, the copy is made file by file (STRATEGY = FILE_COPY) rather than through
 * the write-ahead log, which the server's CPU pays for on every test database.
 */
export async function freshDatabase(adminUrl: string, prefix = 't', template?: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (!fileCopy.has(adminUrl)) fileCopy.set(adminUrl, sqlOn(adminUrl, 'SHOW server_version_num').then((rows) => Number(rows[0]!.server_version_num) >= 150000));
  const strategy = (await fileCopy.get(adminUrl)) ? ' STRATEGY = FILE_COPY' : '';
  if (template) await release(adminUrl.replace(/\/postgres$/, `/${template}`));
  await sqlOn(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}${strategy}`);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    name,
    query: (sql, params) => sqlOn(url, sql, params),
    async drop() {
      await release(url);
      await sqlOn(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * For a test file of PostgreSQL tests: each test requires the cluster (skips
 * or fails as requirePostgres), `fresh()` gives it a new database, and the
 * file's databases are dropped after its last test.
 */
export function usePostgres(prefix: string): { fresh(): Promise<TestDatabase>; admin(): string } {
  let admin = '';
  const made: TestDatabase[] = [];
  beforeEach((ctx) => {
    admin = requirePostgres(ctx);
  });
  afterAll(async () => {
    for (const db of made.splice(0)) await db.drop().catch(() => undefined);
  });
  return {
    async fresh() {
      const db = await freshDatabase(admin, prefix);
      made.push(db);
      return db;
    },
    admin: () => admin,
  };
}

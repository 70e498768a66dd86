// vitest globalSetup: a throwaway PostgreSQL cluster for the tests of the
// PostgreSQL archive (issue 29). When initdb and pg_ctl are found (PATH, then
// Debian's /usr/lib/postgresql/<version>/bin), it creates a temporary data
// directory, runs initdb and the server (as the `postgres` user when running
// as root: initdb refuses root), listening on 127.0.0.1 at a free port with
// its unix socket in that directory and TLS offered, and hands the tests its admin URL
// (`inject('pgAdminUrl')`, '' when there is no cluster; test/helpers/postgres.ts
// reads it). Teardown stops the server and deletes the directory, also when the
// run fails; a run killed outright leaves them, and the next run's setup
// removes them (their directory names the process that started them). A copy
// of initdb's output (`pgPristine`) lets a test start a cluster of its own
// without running initdb again (test/hostile/pg-sync.test.ts).
//
// Cheap when no PostgreSQL test is selected: a run given file filters none of
// which matches a test file that uses test/helpers/postgres.ts (or the
// two-store suites' test/archive/stores.ts) starts nothing.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { accessSync, appendFileSync, chmodSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:PORT/postgres (trust), or '' without a cluster. */
    pgAdminUrl: string;
    /** Why there is no cluster, when there is none. */
    pgMissing: string;
    /** The CA (PEM file) that signed the server's certificate (for localhost, 127.0.0.1 and ::1). */
    pgCaFile: string;
    /** A copy of initdb's output, before any setting or start: startCluster({ from }) starts another cluster from it. */
    pgPristine: string;
  }
}

/** A role that must give a password (scram-sha-256), for the credential tests. */
export const PASSWORD_ROLE = 'mailctl_pw';
export const PASSWORD_ROLE_SECRET = 'pw-Zq7-never-printed';

function findTool(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter);
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // not Debian's layout
  }
  for (const dir of dirs) {
    const path = join(dir || '.', name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // next
    }
  }
  return undefined;
}

/** Whether this run selects a test that needs the cluster (no filter: every test). */
function pgTestSelected(root: string): boolean {
  const run = process.argv.indexOf('run');
  const filters = process.argv.slice(run >= 0 ? run + 1 : 2).filter((a) => !a.startsWith('-') && !/vitest(\.mjs)?$/.test(a));
  if (filters.length === 0) return true;
  const files = readdirSync(join(root, 'test'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => /helpers\/postgres\.js|\/stores\.js/.test(readFileSync(f, 'utf8')));
  return files.some((f) => filters.some((flt) => relative(root, f).includes(flt) || f.includes(flt)));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  adminUrl: string;
  port: number;
  /** The CA that signed the server's TLS certificate. */
  caFile: string;
  /** initdb's output as it was, for startCluster({ from }) (absent in a cluster started from one). */
  pristine: string;
  /** Stops the server at once (as a crash would) and starts it again on the same port. */
  restart(): void;
  /** Stops the server and deletes its directory. */
  stop(): void;
}

const DIR_PREFIX = 'mailctl-pg-';

const run = promisify(execFile);

/** A file system in memory (tmpfs), where Linux has one. */
const MEMORY_FS = '/dev/shm';
/** The least room MEMORY_FS must have for the clusters to go there (a run's take a fraction of it; Docker's /dev/shm is 64 MB). */
const MEMORY_NEEDED = 1024 ** 3;

/** `base`/mailctl-pg, made open to every user as /tmp is; undefined if it cannot be. */
function clustersFolder(base: string): string | undefined {
  const dir = join(base, 'mailctl-pg');
  try {
    mkdirSync(dir, { mode: 0o1777 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    // mkdir's mode goes through the umask; a folder an earlier run of ours made is opened too
    if (statSync(dir).uid === process.getuid?.()) chmodSync(dir, 0o1777);
  } catch {
    // another user's: usable if it lets us write (below)
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Where clusters' directories go: a folder of their own, so that looking for orphans lists a
 * few entries, not the whole temp directory (on a machine that runs the tests all day, /tmp
 * holds hundreds of thousands of entries, and listing them took a second of every cluster
 * start). In memory (MEMORY_FS) when it has room: a test cluster is thrown away, and it creates
 * files by the thousand (each CREATE DATABASE copies its template's files, each day partition
 * makes its own), which on a disk's file system cost the server's CPU most of its time (ext4
 * looks through its inode tables for an inode not recently deleted, and a machine that runs
 * tests deletes many). Else in the temp directory, or the temp directory itself.
 */
function clustersDir(): string {
  try {
    const room = statfsSync(MEMORY_FS);
    const memory = room.bavail * room.bsize >= MEMORY_NEEDED ? clustersFolder(MEMORY_FS) : undefined;
    if (memory) return memory;
  } catch {
    // no such file system
  }
  return clustersFolder(tmpdir()) ?? tmpdir();
}
/** The file of a cluster's directory naming the process that started it. */
const OWNER = 'owner.pid';

/**
 * Stops and deletes the clusters of test runs that ended without their
 * teardown (killed: pg_ctl's server outlives them). A cluster whose run is
 * still going (another worktree's) is left alone.
 */
function removeOrphans(parent: string, pgCtl: string, asOwner: (cmd: string, args: string[]) => [string, string[]]): void {
  let names: string[];
  try {
    names = readdirSync(parent).filter((n) => n.startsWith(DIR_PREFIX));
  } catch {
    return; // not ours to list (another user's folder): its clusters are not ours to stop
  }
  for (const name of names) {
    const dir = join(parent, name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, OWNER), 'utf8'));
      process.kill(owner, 0);
      continue;
    } catch (error) {
      // EPERM: alive, another user's; ENOENT: no owner written yet (a run starting now) or not ours to judge
      if (['EPERM', 'ENOENT'].includes((error as NodeJS.ErrnoException).code ?? '')) continue;
    }
    const [cmd, args] = asOwner(pgCtl, ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    spawnSync(cmd, args, { stdio: 'ignore' });
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // another user's leftover (EACCES): a cleanup that cannot happen must not fail this run
    }
  }
}

export interface ClusterOptions {
  /**
   * A data directory as initdb left it (the shared cluster's `pristine`, inject('pgPristine')):
   * copied instead of running initdb again, which costs far more than the copy.
   */
  from?: string;
}

/** The copy of initdb's output in a cluster's directory (its teardown deletes it). */
const PRISTINE = 'pristine';

/** Starts a cluster (test/hostile restarts one of its own); a string says why it cannot. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster | string> {
  const initdb = findTool('initdb');
  const pgCtl = findTool('pg_ctl');
  if (!initdb || !pgCtl) return 'PostgreSQL (initdb, pg_ctl) not installed: skipped; .ci/run installs it';
  const root = process.getuid?.() === 0;
  const asOwner = (cmd: string, args: string[]) => (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  const parent = clustersDir();
  // the other place too: a killed run's cluster stays where it was made
  for (const place of new Set([parent, join(MEMORY_FS, 'mailctl-pg'), join(tmpdir(), 'mailctl-pg')])) if (existsSync(place)) removeOrphans(place, pgCtl, asOwner);
  const dir = mkdtempSync(join(parent, DIR_PREFIX));
  writeFileSync(join(dir, OWNER), String(process.pid));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  let started = false;
  let port = 0;
  const ctl = (args: string[]) => {
    const [cmd, full] = asOwner(pgCtl, ['-D', data, ...args]);
    return spawnSync(cmd, full, { stdio: 'pipe' });
  };
  const halt = () => {
    if (started) ctl(['-m', 'immediate', '-w', 'stop']);
    started = false;
  };
  const start = () => {
    const r = ctl(['-l', log, '-o', `-p ${port}`, '-w', '-t', '60', 'start']);
    if (r.status !== 0) return `pg_ctl start failed: ${r.stderr}${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`;
    started = true;
    return undefined;
  };
  let removeCa = () => {};
  const stop = () => {
    halt();
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    removeCa();
    process.removeListener('exit', stop);
  };
  process.once('exit', stop);
  try {
    if (root) execFileSync('chown', ['postgres:postgres', dir]);
    // The server's certificate is made while initdb runs (a process of its own): the two take
    // about as long, and the tests wait for both.
    const tlsMade = import('../../src/emulator/tls.js').then(({ makeEmulatorTls }) => makeEmulatorTls('127.0.0.1', Date.now()));
    tlsMade.then((made) => (removeCa = made.remove), () => undefined);
    try {
      if (options.from && existsSync(options.from)) {
        // -a keeps the owner (postgres) and the 0700 the server insists on
        await run('cp', ['-a', options.from, data]);
      } else {
        const [icmd, iargs] = asOwner(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
        await run(icmd, iargs);
        if (!options.from) await run('cp', ['-a', data, join(dir, PRISTINE)]);
      }
    } finally {
      // a failed initdb reports itself once the certificate's files exist, so that stop() removes them
      await tlsMade.catch(() => undefined);
    }
    // Speed over durability: a test cluster is thrown away (no fsync, no full-page writes).
    // No autovacuum: its workers visit every test database in turn and ANALYZE what the syncs
    // loaded, work no test asks for, that grows with the run's length (a test that wants the
    // planner's statistics runs ANALYZE itself). No JIT: the test of a big archive makes the
    // planner expect a billion rows a day, and the server then compiles those queries to machine
    // code, each time, to read a few thousand rows; mailctl sends the same SQL either way.
    // 127.0.0.2 too: a loopback address the certificate does not name (sslmode=verify-full refuses it, verify-ca not).
    appendFileSync(
      join(data, 'postgresql.conf'),
      ["listen_addresses = '127.0.0.1,127.0.0.2'", `unix_socket_directories = '${dir}'`, 'fsync = off', 'synchronous_commit = off',
        'full_page_writes = off', 'autovacuum = off', 'max_connections = 60', "shared_buffers = '32MB'", "timezone = 'UTC'", 'jit = off', ''].join('\n'),
    );
    // TLS offered (sslmode tests), with a certificate of the emulator's test CA for the loopback names.
    const tls = await tlsMade;
    writeFileSync(join(data, 'server.crt'), tls.cert);
    writeFileSync(join(data, 'server.key'), tls.key, { mode: 0o600 });
    if (root) execFileSync('chown', ['postgres:postgres', join(data, 'server.crt'), join(data, 'server.key')]);
    appendFileSync(join(data, 'postgresql.conf'), "ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n");
    // The password role must give its password over TCP; every other role is trusted.
    writeFileSync(join(data, 'pg_hba.conf'), `host all ${PASSWORD_ROLE} 127.0.0.0/8 scram-sha-256\nhost all all 127.0.0.0/8 trust\nlocal all all trust\n`);
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      const failed = start();
      if (!failed) break;
      if (attempt === 2) throw new Error(failed);
    }
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${PASSWORD_ROLE} LOGIN PASSWORD '${PASSWORD_ROLE_SECRET}'`);
    await admin.end();
    return {
      adminUrl,
      port,
      pristine: join(dir, PRISTINE),
      caFile: tls.caPath,
      restart() {
        halt();
        const failed = start();
        if (failed) throw new Error(failed);
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  project.provide('pgAdminUrl', '');
  project.provide('pgCaFile', '');
  project.provide('pgPristine', '');
  if (!pgTestSelected(project.config.root)) {
    project.provide('pgMissing', 'no PostgreSQL test selected');
    return undefined;
  }
  const cluster = await startCluster();
  if (typeof cluster === 'string') {
    project.provide('pgMissing', cluster);
    return undefined;
  }
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgCaFile', cluster.caFile);
  project.provide('pgPristine', cluster.pristine);
  project.provide('pgMissing', '');
  return () => cluster.stop();
}

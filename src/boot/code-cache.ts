import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join, posix } from 'node:path';
import { Script } from 'node:vm';
import { untuneV8, withDefaultFlags } from './v8-flags.js';

// Loads the CommonJS bundles of dist/ (dist/app.js and the vendor bundles it
// requires) with V8's code cache, so that a run does not compile again the
// megabyte of JavaScript the previous run compiled. Node 20 caches compiled
// code for neither ES modules nor require(); this does what v8-compile-cache
// does, for our files only: vm.Script with cachedData kept in the user's cache
// directory, one file per bundle, named by the bundle's content hash (written
// by scripts/build.mjs), so a new build never meets an old cache. On Node 22.1
// and later, Node's own module.enableCompileCache() does the same job.
// Every failure to read or write the cache is silent: the run then compiles as
// it would without a cache.
// Proved by the bench rows "one call: webhook list --json" against "one call:
// the same, no code cache" (test/bench/cases.mjs, docs/performance.md).

export type Env = Record<string, string | undefined>;

/** Bundle file (relative to dist/) → hash of its content. */
export type BundleHashes = Record<string, string>;

/** MAILCTL_CACHE_DIR, else the platform's standard cache place (as env-paths computes it). */
function cacheDir(env: Env): string {
  if (env.MAILCTL_CACHE_DIR) return env.MAILCTL_CACHE_DIR;
  const home = env.HOME || homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'mailctl');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'mailctl', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'mailctl');
}

type Require = (id: string) => unknown;

/** `(name) => exports` of the bundle dist/<name>, loaded through the code cache. */
export function bundleLoader(distDir: string, hashes: BundleHashes, env: Env): Require {
  const dir = cacheDir(env);
  const enableCompileCache = (nodeModule as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enableCompileCache === 'function') {
    try {
      enableCompileCache(join(dir, 'node-compile-cache'));
      // Node writes that cache as the process exits: with V8's defaults back, as for ours below
      process.once('exit', untuneV8);
    } catch {
      // no cache: the bundles load as plain modules
    }
    return (name) => nodeModule.createRequire(join(distDir, name))(join(distDir, name));
  }
  return v8CacheLoader(distDir, hashes, dir);
}

/** Cache files are per Node build: V8 rejects data made by another version anyway. */
function cacheFileOf(dir: string, name: string, hash: string): string {
  return join(dir, 'v8', `${process.version}-${process.arch}`, `${cachePrefix(name)}${hash}.cache`);
}

const cachePrefix = (name: string) => `${name.replaceAll('/', '-')}-`;

function v8CacheLoader(distDir: string, hashes: BundleHashes, dir: string): Require {
  const modules = new Map<string, { exports: unknown }>();
  const toWrite: Array<[file: string, script: Script, prefix: string]> = [];
  const load = (name: string): unknown => {
    const known = modules.get(name);
    if (known) return known.exports;
    const file = join(distDir, name);
    const hash = hashes[name];
    const cacheFile = hash ? cacheFileOf(dir, name, hash) : undefined;
    const cachedData = cacheFile ? readOptional(cacheFile) : undefined;
    // the wrapper Node puts around a CommonJS module, on the first line so that line numbers stay right
    const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, 'utf8')}\n})`;
    // no importModuleDynamically: code from the cache loses it (Node 20), so
    // the bundles hold no import() at all (scripts/app-bundle.mjs)
    const script = withDefaultFlags(() => new Script(source, { filename: file, cachedData }));
    if (cacheFile && (!cachedData || script.cachedDataRejected)) {
      // made at exit, so it holds every function this run compiled, not only the top level
      // with V8's default flags, as the next run starts: a cache made under other flags is rejected
      if (toWrite.length === 0) process.once('exit', () => (untuneV8(), toWrite.forEach(([f, s, p]) => writeCache(f, s, p))));
      toWrite.push([cacheFile, script, cachePrefix(name)]);
    }
    const nodeRequire = nodeModule.createRequire(file);
    // a bundle requires the other bundles as ./<name>.js (names as in the build's hashes: always with /), and packages and built-ins by name
    const require = Object.assign((id: string) => (id.startsWith('./') ? load(posix.join(posix.dirname(name), id)) : nodeRequire(id)), {
      resolve: nodeRequire.resolve,
      cache: nodeRequire.cache,
    });
    const module = { exports: {} as unknown };
    modules.set(name, module);
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, require, module, file, dirname(file));
    return module.exports;
  };
  return load;
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Written beside, then renamed: a concurrent run reads the old file or the new
 * one, never half of one. The caches of older builds of the bundle go.
 */
function writeCache(file: string, script: Script, prefix: string): void {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    makeDirectory(dirname(file));
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, file);
    for (const old of readdirSync(dirname(file))) {
      if (old.startsWith(prefix) && old.endsWith('.cache') && old !== basename(file)) rmSync(join(dirname(file), old), { force: true });
    }
  } catch {
    // an unwritable cache directory only means the next run compiles again
    try {
      rmSync(partial, { force: true });
    } catch {
      // nothing was written
    }
  }
}

/**
 * mkdir -p, one level at a time: Node 20's mkdirSync({ recursive: true }) never
 * returns for some paths where a directory cannot be made (under /proc).
 */
function makeDirectory(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw error;
    makeDirectory(dirname(dir));
    mkdirSync(dir);
  }
}

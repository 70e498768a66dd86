#!/usr/bin/env node
// `npm run docs`: writes docs/commands/*.md and man/*.1 from the command
// specs (src/commands/reference/files.ts), the exit-code block of README.md,
// and lists the man pages in package.json "man". `--check` writes nothing and exits 1 when a checked-in
// file differs (test/core/reference.test.ts makes the same comparison).
// The generator is TypeScript: esbuild bundles it into a temporary module first.
import { build } from 'esbuild';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
// Inside node_modules, so that the bundle's imports of packages resolve.
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
const tmp = mkdtempSync(join(root, 'node_modules', '.cache', 'mailctl-docs-'));
let files;
let manPaths;
let withExitCodeBlock;
try {
  const out = join(tmp, 'reference.mjs');
  await build({ absWorkingDir: root, entryPoints: ['src/commands/reference/files.ts'], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'warning', packages: 'external' });
  ({ referenceFiles: files, manPaths, withExitCodeBlock } = await import(pathToFileURL(out).href));
  files = files();
  manPaths = manPaths();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

let stale = 0;
const read = (path) => {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
};
// Files a removed command left behind.
for (const dir of ['docs/commands', 'man']) {
  let names = [];
  try {
    names = readdirSync(join(root, dir));
  } catch {}
  for (const name of names) {
    const path = `${dir}/${name}`;
    if (files.has(path)) continue;
    stale++;
    if (check) console.error(`${path} is no longer generated: run \`npm run docs\``);
    else {
      rmSync(join(root, path));
      console.error(`removed ${path}`);
    }
  }
}
// README.md is written by hand except for its exit-code block.
files.set('README.md', withExitCodeBlock(read('README.md') ?? ''));
for (const [path, text] of files) {
  if (read(path) === text) continue;
  stale++;
  if (check) console.error(`${path} is out of date: run \`npm run docs\``);
  else {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    console.error(`wrote ${path}`);
  }
}
const pkgText = read('package.json');
const pkg = JSON.parse(pkgText);
if (JSON.stringify(pkg.man) !== JSON.stringify(manPaths)) {
  stale++;
  if (check) console.error('package.json "man" does not list the man pages: run `npm run docs`');
  else {
    pkg.man = manPaths;
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    console.error('wrote package.json "man"');
  }
}
process.exit(check && stale ? 1 : 0);

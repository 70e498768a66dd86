#!/usr/bin/env node
// `tsc -p tsconfig.json` with TypeScript 7, the native compiler (typescript-native in
// package.json): the same type check of src/ as TypeScript 5 in about a quarter of the CPU,
// which `npm test` runs beside the tests on a 2-core machine. TypeScript 5 (typescript) stays
// for scripts/check-modules.mjs, which reads the import graph through its compiler API
// (TypeScript 7 has no stable one). Arguments go to tsc; exits with its code.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const pkg = require('typescript-native/package.json');
const tsc = join(dirname(require.resolve('typescript-native/package.json')), pkg.bin.tsc);
const args = process.argv.slice(2);
// One thread: on two cores, where npm test runs it beside the tests, its checkers in
// parallel took half as much CPU again for no less wall time (CONTRIBUTING, "How long
// `npm test` takes"); alone it is as quick either way.
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--singleThreaded', ...args], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
process.exit(r.status ?? 1);

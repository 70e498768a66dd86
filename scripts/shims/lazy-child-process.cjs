'use strict';
// Bundled in place of commander's `require('node:child_process')` (see
// scripts/lazy-builtins.mjs): commander needs it only to run executable
// subcommands, which mailctl has none of, so it loads on first use.
let real;
module.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });

'use strict';
// Bundled in place of undici's `require('node:assert')` (see scripts/lazy-builtins.mjs):
// undici asserts its invariants on every request, but node:assert (with its
// error formatting) is only needed once one fails, so it loads then.
let real;
const load = () => (real ??= require('node:assert'));
function assert(value, message) {
  if (!value) load()(value, message);
}
module.exports = new Proxy(assert, { get: (target, key) => (key in target ? target[key] : load()[key]) });

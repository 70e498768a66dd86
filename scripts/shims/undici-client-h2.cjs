'use strict';
// Bundled in place of undici/lib/dispatcher/client-h2.js (see scripts/lazy-builtins.mjs).
// The real module requires node:http2 when it loads, which costs every API call
// some milliseconds, and mailctl never speaks HTTP/2: our Pool never sets allowH2,
// so TLS offers only http/1.1 and undici calls this only if a server picked h2 anyway.
module.exports = function connectH2() {
  throw new Error('the server chose HTTP/2, which mailctl does not offer (it speaks HTTP/1.1)');
};

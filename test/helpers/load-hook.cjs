// Preloaded with `node --require` by test/core/startup.test.ts. The CLI runs from
// CommonJS bundles that src/boot/code-cache.ts reads and compiles itself, so no module
// loader hook sees them: this records, in the JSON file named by MAILCTL_LOAD_LOG,
// every file the process reads with readFileSync (the bundles of dist/), every
// package or built-in it require()s by name, and the built-in modules Node loaded.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');

const log = process.env.MAILCTL_LOAD_LOG;
if (log) {
  const files = [];
  const required = new Set();
  const read = fs.readFileSync;
  fs.readFileSync = function (file, ...rest) {
    if (typeof file === 'string') files.push(file);
    return read.call(this, file, ...rest);
  };
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (!request.startsWith('.') && !request.startsWith('/')) required.add(request);
    return load.call(this, request, ...rest);
  };
  const before = new Set(process.moduleLoadList);
  process.on('exit', () => {
    const builtins = process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13));
    fs.writeFileSync(log, JSON.stringify({ files, required: [...required], builtins }));
  });
}

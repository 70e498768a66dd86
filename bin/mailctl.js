#!/usr/bin/env node
// CommonJS (bin/package.json), like dist/main.js: `mailctl --version` and
// `--help` never start the ES module loader. The commands are ES modules that
// main.js imports when one runs.
'use strict';

require('../dist/main.js').main();

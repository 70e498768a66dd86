// Preloaded (NODE_OPTIONS=--require) into a spawned mailctl by the SIGTERM
// tests: creates the file named by $SIGTERM_READY_FILE once the CLI has added
// its SIGTERM listener. SigCgt in /proc cannot say so: Node itself catches
// SIGTERM from its first instruction (to restore the terminal, then die of the
// signal), so a test that waits for that bit may signal the process before
// mailctl listens, and the process dies of SIGTERM instead of exiting 143.
const { writeFileSync } = require('node:fs');

const file = process.env.SIGTERM_READY_FILE;
const on = process.on;
process.on = function (event, ...rest) {
  const result = on.call(this, event, ...rest);
  if (event === 'SIGTERM' && file) writeFileSync(file, '');
  return result;
};

// The V8 flags mailctl sets at run time; main.ts (tuneV8) says why each. A
// module of its own because starting a worker thread puts V8's flags back to
// their defaults, and the archive worker's starter (src/archive/page-sink.ts)
// sets them again. Bundled into main.js: nothing here loads anything.

export const RUN_TIME_V8_FLAGS: readonly string[] = [
  '--liftoff-only',
  '--semi-space-growth-factor=1',
  '--optimize-for-size',
  '--interrupt-budget=2000000',
];

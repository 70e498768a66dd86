import { setFlagsFromString } from 'node:v8';

// Imported by undici.ts before undici itself, so these are set before undici
// compiles anything.
//
// undici parses HTTP with a WebAssembly build of llhttp. V8 first compiles it
// with its baseline compiler, then re-optimises it on a background thread;
// the process cannot exit until that thread is done (about 150 ms after a one-call command)
// and the optimised code keeps some 30 MB resident during a long export. The
// baseline code is fast enough for JSON pages, so stay on it. A long export
// turns every page into garbage: a young heap that does not grow and V8's
// optimise-for-size heap policy collect it early, so peak memory stays flat
// (measured: 61 MB at 20,000 events, 70 MB at 600,000; 68 and 102 MB without).
// These flags steer only WebAssembly tiering and heap sizing.
setFlagsFromString('--liftoff-only');
setFlagsFromString('--semi-space-growth-factor=1');
setFlagsFromString('--optimize-for-size');

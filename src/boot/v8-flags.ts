// The V8 flags mailctl sets at run time, before any command loads undici (so
// before undici compiles its WebAssembly HTTP parser). Set from main.ts, after
// the fast paths: `--version` and `--help` return before this and pay nothing.
// These flags steer only tiering and heap sizing, never what a command does.

const FLAGS: readonly string[] = [
  // undici's llhttp stays on V8's baseline WebAssembly code: no optimising
  // thread to wait for at exit, nothing of its code kept resident during a long
  // export. Bench row: "one call: webhook list --json".
  '--liftoff-only',
  // A young generation that does not grow, and a heap policy that collects
  // early: every page of a long export is garbage at once, so peak memory stays
  // where a short export's is. Bench row: "stream: peak RSS 200,000 vs 20,000 events".
  '--semi-space-growth-factor=1',
  '--optimize-for-size',
  // Only what stays hot is optimised: each optimising thread's malloc arena
  // keeps what its biggest job needed. Bench row: "stream: peak RSS at 200,000 events".
  '--interrupt-budget=2000000',
];

export async function tuneV8(): Promise<void> {
  // loaded here, not at the top of main.ts: the fast paths never need node:v8
  const { setFlagsFromString } = await import('node:v8');
  for (const flag of FLAGS) setFlagsFromString(flag);
}

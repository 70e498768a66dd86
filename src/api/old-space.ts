import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Keeps a long listing's heap where a short one's is. Every page becomes garbage, but some of
// it (what is alive across a request: ~60 bytes per event) survives two scavenges and is
// promoted. V8 marks the old generation again only once it has grown 8 MB past what the last
// mark left alive, a minimum step no flag changes at run time (--heap-growing-percent and the
// incremental-marking triggers were measured: no effect). A 20,000-event export ends before
// that; a 200,000-event one peaked 5 MB higher for it. A full collection every 3 MB of growth
// (about 5 of ~5 ms in a 200,000-event export): peak RSS of that export 75.6 -> 71.5 MB, of a
// sync 92.8 -> 88.3 MB, same wall time (5 MB of growth: 68.6 instead of 67.4 MB, no faster).

const GROWTH = 3 * 1024 * 1024;

// Called without options: Node 20's V8 runs a scavenge for { type: 'major', execution: 'sync' }.
type Collect = () => void;

/** A check to call once per page: collects the old generation when the heap grew GROWTH since the last one. */
export function oldSpaceKeeper(): () => void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as Collect;
  let base = getHeapStatistics().used_heap_size;
  return () => {
    if (getHeapStatistics().used_heap_size - base < GROWTH) return;
    collect();
    base = getHeapStatistics().used_heap_size;
  };
}

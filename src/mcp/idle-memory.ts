// `bridge serve` lives as long as its client, and most of that life it waits: a model thinks for seconds between
// calls. The garbage of a burst (loading the SDK, building the tool list, a call's result) is collected by V8 in
// its own time, and without compaction, so old-generation pages half full stay committed. Once the client has
// been quiet for IDLE_MS, one full garbage collection that compacts the old generation gives ~3 MiB back
// (docs/performance.md). It runs only after the heap has grown since the last one, so a steady session pays
// nothing, and a request that comes during it waits a few ms.
import {getHeapStatistics, setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'

/** Quiet time (no message in or out) before the collection: longer than the gaps within a burst of requests. */
export const IDLE_MS = 200
/** Heap growth since the last collection that makes the next one worth it. */
const GROWTH_BYTES = 1024 * 1024

/**
 * A full, compacting garbage collection. Node has no API for one: V8's gc() is exposed in a fresh context for the
 * moment it runs, and the flags are put back, so V8's flag hash — which the code cache is checked against
 * (bin/load-bundle.js) — is the same at exit as at start.
 */
function compactingCollection(): void {
  setFlagsFromString('--expose-gc')
  setFlagsFromString('--compact-on-every-full-gc')
  try {
    runInNewContext('gc()')
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc')
    setFlagsFromString('--no-expose-gc')
  }
}

const heapBytes = () => getHeapStatistics().total_physical_size

/** Call `activity()` at every message in or out; the collection follows the last one by IDLE_MS. */
export function collectWhenIdle(): {activity: () => void; stop: () => void} {
  let timer: NodeJS.Timeout | undefined
  let after = 0 // heap size after the last collection: none yet, so the first quiet moment has one
  const collect = () => {
    if (heapBytes() < after + GROWTH_BYTES) return
    compactingCollection()
    after = heapBytes()
  }
  return {
    activity() {
      clearTimeout(timer)
      timer = setTimeout(collect, IDLE_MS).unref() // never what keeps the process alive
    },
    stop: () => clearTimeout(timer),
  }
}

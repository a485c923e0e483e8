#!/usr/bin/env node
// The CLI is one bundle (scripts/bundle.mjs), loaded with V8's code cache (bin/load-bundle.js), run by oclif.
import {setFlagsFromString} from 'node:v8'

import {loadBundle} from './load-bundle.js'

// `bridge serve` lives as long as its client and does little once up: what it keeps resident is set here, before
// anything is loaded (docs/performance.md says what each costs). V8 reads these flags when it needs them, so
// they can be set at run time, and the code cache of a serve run is taken with them, so it is accepted on the
// next; an unknown flag in another V8 only prints a line on stderr.
if (process.argv[2] === 'serve') {
  // Loading the SDK and the command list grows V8's young generation to its 16 MiB semi-spaces, kept committed
  // for good (14 MiB). Kept at its first size instead: a scavenge then runs every MiB allocated.
  setFlagsFromString('--semi-space-growth-factor=1')
  // No optimising or baseline compiler: serve answers a few requests a second, which the interpreter does as
  // fast (measured), and never running TurboFan leaves its code in the Node binary unmapped and its zones
  // unallocated (6 MiB).
  setFlagsFromString('--max-opt=0')
  // oclif sorts every plugin's command list with localeCompare as it loads; serve never shows that list, and the
  // first localeCompare maps ICU's collation data into the process for good (3 MiB). Until serve runs, a
  // code-unit comparison stands in; src/commands/serve.ts puts localeCompare back.
  const localeCompare = String.prototype.localeCompare
  String.prototype.localeCompare = function (that) {
    const self = String(this)
    return self < that ? -1 : self > that ? 1 : 0
  }
  globalThis.__bridgeRestoreLocaleCompare = () => (String.prototype.localeCompare = localeCompare)
}

await loadBundle().execute({dir: import.meta.url})

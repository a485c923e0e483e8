#!/usr/bin/env node
// The CLI is one bundle (scripts/bundle.mjs), loaded with V8's code cache (bin/load-bundle.js), run by oclif.
import {setFlagsFromString} from 'node:v8'

import {loadBundle} from './load-bundle.js'

// `bridge serve` lives as long as its client and allocates little once up, but loading the SDK and the command
// list grows V8's young generation to its 16 MiB semi-spaces, kept committed for good: 14 MiB of its resident
// memory (docs/performance.md). Kept at its first size instead (a flag V8 reads at each growth, so it can be set
// here; an unknown flag in another V8 only prints a line on stderr). A scavenge then runs every MiB allocated.
if (process.argv[2] === 'serve') setFlagsFromString('--semi-space-growth-factor=1')

await loadBundle().execute({dir: import.meta.url})

#!/usr/bin/env node
// The CLI is one bundle (scripts/bundle.mjs), loaded with V8's code cache (bin/load-bundle.js), run by oclif.
import {loadBundle} from './load-bundle.js'

await loadBundle().execute({dir: import.meta.url})

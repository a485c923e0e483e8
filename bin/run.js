#!/usr/bin/env node
// Node's on-disk compile cache (Node 22.1+) makes every later start cheaper; older Nodes simply skip it.
// The CLI is one esbuild bundle (scripts/bundle.mjs), imported after the cache is on so it is cached too.
import module from 'node:module'

module.enableCompileCache?.()
const {execute} = await import('../dist/bundle/main.js')
await execute({dir: import.meta.url})

#!/usr/bin/env node
// Node's on-disk compile cache (Node 22.1+) makes every later start cheaper; older Nodes simply skip it.
// oclif is imported after it is on, so oclif's own modules are cached too.
import module from 'node:module'

module.enableCompileCache?.()
const {execute} = await import('@oclif/core')
await execute({dir: import.meta.url})

// The CLI's bundle entry (scripts/bundle.mjs → dist/bundle/main.cjs): bin/run.js loads it (with V8's code
// cache, bin/load-bundle.js) and runs `execute`; package.json points oclif's command map, help class and hooks
// at the same file, and `bridge-godot` (the pack API, src/index.ts) re-exports from it. One bundled file
// instead of some 300 modules is most of a one-shot's start-up, and every name anyone asks for is this
// module's export, so it is evaluated once per process.
export {execute} from '@oclif/core'

export {COMMANDS} from '../commands/index.js'
export {default as BridgeHelp} from './help.js'
export {default as commandNotFound} from '../hooks/command-not-found.js'
export {default as linkCore, linkCoreBeforeLink} from '../hooks/link-core.js'
export * from '../index.js'

// The CLI's bundle entry (scripts/bundle.mjs → dist/bundle/main.js): bin/run.js runs `execute` from here, and
// package.json points oclif's command map, help class and hooks at the same file. One bundled file instead
// of some 300 modules is most of a one-shot's start-up; every name oclif asks for is this module's export,
// so it is evaluated once.
export {execute} from '@oclif/core'

export {COMMANDS} from '../commands/index.js'
export {default as BridgeHelp} from './help.js'
export {default as commandNotFound} from '../hooks/command-not-found.js'
export {default as linkCore} from '../hooks/link-core.js'

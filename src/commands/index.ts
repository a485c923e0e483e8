// Every command of the CLI: the hand-written ones below, plus one generated command per addon command
// from the catalog (catalog/commands.json, derived from the addon's own parameter docs).
import {addonCommands} from '../cli/addon-command.js'
import Audit from './audit.js'
import Configure from './configure.js'
import Create from './create.js'
import Install from './install.js'
import Launch from './launch.js'
import Run from './run.js'
import Serve from './serve.js'
import Status from './status.js'
import Test from './test.js'
import Uninstall from './uninstall.js'

// addonCommands wraps this map in a lazy Proxy (a class is built only when oclif asks for its id)
export const COMMANDS = addonCommands({
  audit: Audit,
  configure: Configure,
  create: Create,
  install: Install,
  launch: Launch,
  run: Run,
  serve: Serve,
  status: Status,
  test: Test,
  uninstall: Uninstall,
})

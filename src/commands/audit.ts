// `bridge audit`: the newest entries of the editor's audit trail (every editor.run_script body, refused ones
// too, and every runtime.eval body, with time, transport, client, size and outcome), read through editor.audit.
import {Flags} from '@oclif/core'

import {EngineCommand} from '../cli/engine-command.js'
import {connectionFlags} from '../cli/flags.js'

export default class Audit extends EngineCommand {
  static summary = 'Show the audit trail of code run in the editor for clients'
  static description =
    'Every editor.run_script and runtime.eval body is written to user://bridge_audit.log before it runs (a refused one with the reason); this prints the newest entries.'
  static examples = ['<%= config.bin %> audit --limit 20', '<%= config.bin %> audit --json']
  static flags = {
    ...connectionFlags,
    limit: Flags.integer({description: 'At most this many entries (the newest)', default: 50, min: 1, max: 1000}),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Audit)
    this.print(await this.callEditor(flags, 'editor.audit', {limit: flags.limit}), flags.json)
  }
}

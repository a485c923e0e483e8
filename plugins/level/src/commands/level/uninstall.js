// `bridge level uninstall`: removes the pack's command files from the project's res://bridge_commands/.
import {basename} from 'node:path'

import {BridgeCliError, Command, Flags, removeProjectCommands, requireProject} from 'bridge-godot'

import {commandFiles} from '../../files.js'

export default class Uninstall extends Command {
  static summary =
    "Remove the level.* commands from a project's res://bridge_commands/ (a running editor drops them within a second)."
  static examples = ['<%= config.bin %> level uninstall --project ~/games/mygame']
  static flags = {
    project: Flags.string({summary: 'Project directory (default: the one around the working directory)'}),
    json: Flags.boolean({summary: 'Print what changed as JSON'}),
  }

  async run() {
    const {flags} = await this.parse(Uninstall)
    try {
      const root = requireProject(flags.project)
      const changes = removeProjectCommands(
        root,
        commandFiles().map((f) => basename(f)),
      )
      if (flags.json) return this.log(JSON.stringify({project: root, files: changes}, null, 2))
      for (const c of changes) this.log(`${c.status.padEnd(9)} ${c.res_path}`)
    } catch (error) {
      if (error instanceof BridgeCliError) {
        this.logToStderr(`bridge: ${error.message}`) // one unwrapped line, as the core's commands print it
        this.exit(error.exitCode)
      }
      throw error
    }
  }
}

// `bridge level install`: copies the pack's level.* commands into the project's res://bridge_commands/.
import {BridgeCliError, Command, Flags, installProjectCommands, requireProject} from 'bridge-godot'

import {commandFiles} from '../../files.js'

export default class Install extends Command {
  static summary = "Install the level.* commands (paint_text, scatter) into a project's res://bridge_commands/."
  static description =
    'A running editor loads them within a second, no restart; then `bridge level paint-text`, `bridge serve` (level_paint_text) and the HTTP endpoint have them. Files already there are updated; nothing is written outside the project.'
  static examples = [
    '<%= config.bin %> level install --project ~/games/mygame',
    `<%= config.bin %> level paint-text --node-path /root/Main/Ground --map '#..#' --legend '{"#":[0,0]}'`,
  ]
  static flags = {
    project: Flags.string({summary: 'Project directory (default: the one around the working directory)'}),
    json: Flags.boolean({summary: 'Print what changed as JSON'}),
  }

  async run() {
    const {flags} = await this.parse(Install)
    try {
      const root = requireProject(flags.project)
      const changes = installProjectCommands(root, commandFiles())
      if (flags.json) return this.log(JSON.stringify({project: root, files: changes}, null, 2))
      for (const c of changes) this.log(`${c.status.padEnd(9)} ${c.res_path}`)
      this.log('A running editor picks them up within a second: bridge engine commands --group level')
    } catch (error) {
      if (error instanceof BridgeCliError) {
        this.logToStderr(`bridge: ${error.message}`) // one unwrapped line, as the core's commands print it
        this.exit(error.exitCode)
      }
      throw error
    }
  }
}

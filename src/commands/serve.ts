// `bridge serve [--project DIR] [--typed=<bool>]`: the project's editor as an MCP server over stdio.
import {Command, Flags} from '@oclif/core'

import {BridgeCliError, EXIT} from '../errors.js'
import {requireProject} from '../editor/project.js'

const typedFlag = Flags.custom<boolean>({
  description: 'One typed tool per addon command besides engine_run (true|false)',
  default: true,
  async parse(input) {
    if (/^(true|1|yes)$/i.test(input)) return true
    if (/^(false|0|no)$/i.test(input)) return false
    throw new BridgeCliError(`--typed: expected true or false, got '${input}'`, EXIT.usage, 'usage')
  },
})

export default class Serve extends Command {
  static summary = "Serve the project's editor as an MCP server over stdin/stdout"
  static description =
    'A long-lived MCP server for one project: engine_run plus one typed tool per addon command (and plugin tools), the engine:// resources and the bridge prompts. Reconnects when the editor restarts and sends tools/list_changed. Writes nothing but protocol to stdout; logs go to stderr.'
  static examples = [
    '<%= config.bin %> serve --project ./mygame',
    '<%= config.bin %> serve --project ./mygame --typed=false',
  ]
  static flags = {
    project: Flags.string({description: 'Godot project directory (default: the one containing the working directory)'}),
    typed: typedFlag(),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Serve)
    const {serveStdio} = await import('../mcp/stdio.js') // the MCP SDK loads only for serve, not every command
    await serveStdio({
      projectRoot: requireProject(flags.project),
      typed: flags.typed,
      hooks: this.config,
      version: this.config.version,
    })
  }

  /** A usage error (no project, a bad --typed) ends with its documented exit code, on stderr only. */
  protected async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    const cause = (error as {cause?: unknown}).cause
    const typed = error instanceof BridgeCliError ? error : cause instanceof BridgeCliError ? cause : undefined
    if (typed) {
      this.logToStderr(`bridge: ${typed.message}`)
      this.exit(typed.exitCode)
    }
    return super.catch(error)
  }
}

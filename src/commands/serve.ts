// `bridge serve [--project DIR] [--toolsets a,b|all|none|auto] [--typed=<bool>]`: the project's editor as an MCP server over stdio.
import {Flags} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {projectFlag} from '../cli/flags.js'
import {requireProject} from '../editor/project.js'
import {UsageError} from '../errors.js'

const typedFlag = Flags.custom<boolean>({
  description: 'One typed tool per addon command besides engine_run (true|false)',
  default: true,
  async parse(input) {
    if (/^(true|1|yes)$/i.test(input)) return true
    if (/^(false|0|no)$/i.test(input)) return false
    throw new UsageError(`--typed: expected true or false, got '${input}'`)
  },
})

export default class Serve extends BaseCommand {
  static summary = "Serve the project's editor as an MCP server over stdin/stdout"
  static description =
    'A long-lived MCP server for one project: engine_run plus one typed tool per addon command (and plugin tools), the engine:// resources and the bridge prompts. Reconnects when the editor restarts and sends tools/list_changed. Writes nothing but protocol to stdout; logs go to stderr.'
  static examples = [
    '<%= config.bin %> serve --project ./mygame',
    '<%= config.bin %> serve --project ./mygame --toolsets scene,editor,runtime',
    '<%= config.bin %> serve --project ./mygame --toolsets all',
    '<%= config.bin %> serve --project ./mygame --typed=false',
  ]
  static flags = {
    project: projectFlag(),
    typed: typedFlag(),
    toolsets: Flags.string({
      description:
        'Toolsets whose typed tools are listed (comma-separated; all, none, or auto = what suits the connecting client). engine_run and bridge_toolsets are always there',
      default: 'auto',
    }),
  }

  async run(): Promise<void> {
    // bin/run.js had a code-unit localeCompare stand in while oclif loaded: put back for everything serve runs
    const restoreLocaleCompare = (globalThis as {__bridgeRestoreLocaleCompare?: () => void})
      .__bridgeRestoreLocaleCompare
    restoreLocaleCompare?.()
    const {flags} = await this.parse(Serve)
    const {serveStdio} = await import('../mcp/stdio.js') // the MCP SDK loads only for serve, not every command
    await serveStdio({
      projectRoot: requireProject(flags.project),
      typed: flags.typed,
      toolsets: flags.toolsets
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      hooks: this.config,
      version: this.config.version,
    })
  }

  /** A failure (no project, a bad --typed) goes to stderr only: stdout carries nothing but protocol. */
  protected failureAsJson(): boolean {
    return false
  }
}

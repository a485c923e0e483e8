// `bridge configure <client>`: add (or update) the godot-bridge MCP server in an AI client's config,
// keeping everything else in the file.
import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {projectFlag} from '../cli/flags.js'
import {warnOtherBridge} from '../cli/path-note.js'
import {CLIENT_IDS, CLIENTS} from '../configure/clients/index.js'
import type {ConfigureResult} from '../configure/configure.js'
import {UsageError} from '../errors.js'

export default class Configure extends BaseCommand {
  static summary = "Add the bridge MCP server to an AI client's config"
  static description =
    'Writes or merges a "godot-bridge" entry into the config of Claude Desktop, Cursor, VS Code, Claude Code, Codex, ' +
    'Windsurf, Zed or Gemini CLI. Other servers, unknown keys and comments are kept; an existing godot-bridge entry is updated in place; ' +
    'the file is replaced atomically and a second run changes nothing.'
  static examples = [
    '<%= config.bin %> configure cursor --project ./mygame',
    '<%= config.bin %> configure vscode --project ./game --config-dir .',
    '<%= config.bin %> configure claude-code --global --http',
    '<%= config.bin %> configure claude-desktop --print',
    '<%= config.bin %> configure cursor --toolsets scene,runtime',
    '<%= config.bin %> configure codex --global',
    '<%= config.bin %> configure --list',
  ]
  static args = {
    client: Args.string({description: 'The client to configure (--list shows them)', options: CLIENT_IDS}),
  }
  static flags = {
    project: projectFlag({
      description: 'Godot project the server drives (default: the one containing the working directory)',
    }),
    'config-dir': Flags.string({
      description: 'Directory the client opens, when it is not the project (a project inside a larger repository)',
    }),
    list: Flags.boolean({description: 'List the clients it can configure (the editor dock asks this way)'}),
    print: Flags.boolean({description: 'Print the snippet and write nothing'}),
    global: Flags.boolean({description: "Write the client's user-wide config instead of the project's"}),
    http: Flags.boolean({
      description: "Point the client at the addon's HTTP endpoint instead of starting bridge serve",
    }),
    toolsets: Flags.string({
      description:
        "Toolsets the server lists (comma-separated, or all); default: what fits the client's tool limit; auto: the server picks from the client's name",
    }),
  }
  static enableJsonFlag = true

  async run(): Promise<ConfigureResult | {clients: {id: string; name: string}[]}> {
    const {args, flags} = await this.parse(Configure)
    if (flags.list) {
      const clients = CLIENTS.map((c) => ({id: c.id, name: c.name}))
      for (const c of clients) this.log(`${c.id}\t${c.name}`)
      return {clients}
    }
    if (!args.client)
      throw new UsageError(`name the client to configure: ${CLIENT_IDS.join(', ')}`, {clients: CLIENT_IDS})
    // loaded here, not at start-up: every command's module is imported when any command runs
    const [{configure}, {describeResult}] = await Promise.all([
      import('../configure/configure.js'),
      import('../configure/report.js'),
    ])
    const result = configure({
      client: args.client,
      project: flags.project,
      configDir: flags['config-dir'],
      print: flags.print,
      global: flags.global,
      http: flags.http,
      toolsets: flags.toolsets,
    })
    // --print puts only the snippet on stdout, so it can be piped or pasted
    if (result.action === 'printed') this.log(result.snippet_text.trimEnd())
    if (result.action === 'printed') this.logToStderr(describeResult(result))
    else this.log(describeResult(result))
    warnOtherBridge()
    return result
  }
}

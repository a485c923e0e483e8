// `bridge launch --project DIR [--headless]`: start the project's editor and wait until its bridge answers.
import {Flags, ux} from '@oclif/core'
import {join} from 'node:path'
import {mkdirSync} from 'node:fs'

import {BaseCommand} from '../cli/base-command.js'
import {projectFlag} from '../cli/flags.js'
import {readDiscovery, verdictFor, wsPortFor} from '../editor/discovery.js'
import {spawnEditor, waitForEditor} from '../editor/editor-process.js'
import {BridgeCliError, EXIT} from '../errors.js'
import {findGodot} from '../editor/godot.js'
import {requireProject} from '../editor/project.js'

export default class Launch extends BaseCommand {
  static summary = "Start a project's Godot editor and wait until bridge answers"
  static examples = ['<%= config.bin %> launch --project ./mygame --headless']
  static flags = {
    project: projectFlag(),
    headless: Flags.boolean({description: 'No editor window (servers, CI, agents)'}),
    godot: Flags.string({description: 'Godot binary (default: GODOT_BIN, godot on PATH, the bridge cache)'}),
    timeout: Flags.integer({description: 'Seconds to wait for the editor', default: 120}),
  }
  static enableJsonFlag = true

  async run(): Promise<Record<string, unknown>> {
    const {flags} = await this.parse(Launch)
    const root = requireProject(flags.project)
    const verdict = await verdictFor(root, wsPortFor(root))
    const existing = readDiscovery(root)
    if ((verdict === 'running' && existing) || verdict === 'starting')
      throw new BridgeCliError(
        `an editor for ${root} is already ${verdict} (pid ${existing?.pid ?? '?'}); not starting a second one`,
        EXIT[verdict],
        'already_running',
        {verdict, pid: existing?.pid},
      )
    const godot = findGodot(flags.godot)
    mkdirSync(join(root, '.engine'), {recursive: true})
    const logFile = join(root, '.engine', 'editor.log')
    const pid = spawnEditor({godot, projectRoot: root, headless: flags.headless, logFile})
    const quiet = this.jsonEnabled() || !process.stdout.isTTY
    if (!quiet) ux.action.start(`starting Godot editor (pid ${pid})`)
    const found = await waitForEditor(root, pid, flags.timeout * 1000, (ms) => {
      if (!quiet) ux.action.status = `${(ms / 1000).toFixed(0)} s`
    })
    if (!quiet) ux.action.stop(`running on ws://127.0.0.1:${found.ws_port}`)
    else this.log(`editor running: pid ${pid}, ws port ${found.ws_port}`)
    return {
      verdict: 'running',
      pid,
      ws_port: found.ws_port,
      http_port: found.http_port,
      project_root: root,
      log_file: logFile,
    }
  }
}

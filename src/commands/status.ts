// `bridge status`: the editor's verdict for a project (running|starting|crashed|closed) without running
// anything; the exit code is the verdict's (0 when running), so scripts and agents can branch on it.
import {BaseCommand} from '../cli/base-command.js'
import {jsonFlag, projectFlag} from '../cli/flags.js'
import {readDiscovery, verdictFor, wsPortFor} from '../editor/discovery.js'
import {EXIT, VERDICT_ADVICE} from '../errors.js'
import {requireProject} from '../editor/project.js'

export default class Status extends BaseCommand {
  static summary = "Show whether the project's editor is running, starting, crashed or closed"
  static examples = ['<%= config.bin %> status --project ./mygame']
  static flags = {
    project: projectFlag(),
    json: jsonFlag,
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Status)
    const root = requireProject(flags.project)
    const port = wsPortFor(root)
    const verdict = await verdictFor(root, port)
    const discovery = readDiscovery(root)
    const report = {
      verdict,
      project_root: root,
      ws_port: port,
      http_port: discovery?.http_port ?? 0,
      pid: discovery?.pid ?? null,
      started_at: discovery?.started_at ?? null,
      advice: verdict === 'running' ? 'ready' : VERDICT_ADVICE[verdict],
    }
    this.print(report, flags.json)
    if (verdict !== 'running') this.exit(EXIT[verdict])
  }
}

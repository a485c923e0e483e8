// `bridge status`: the editor's verdict for a project (running|starting|crashed|closed) without running
// anything; the exit code is the verdict's (0 when running), so scripts and agents can branch on it.
// Another project's editor on the port is not this project's: closed, naming the one found. Outside any
// project it reports the editor on the fallback port and the project that editor serves.
import {BaseCommand} from '../cli/base-command.js'
import {jsonFlag, projectFlag} from '../cli/flags.js'
import {warnOtherBridge} from '../cli/path-note.js'
import {readDiscovery, wsPortFor} from '../editor/discovery.js'
import {describeOther, editorState} from '../editor/verdicts.js'
import {EXIT, VERDICT_ADVICE} from '../errors.js'
import {addonProblem} from '../editor/install.js'
import {resolveProject} from '../editor/project.js'
import {supportedGodot} from '../editor/godot-versions.js'
import {framesOfDiscovery} from '../editor/frames.js'

export default class Status extends BaseCommand {
  static summary = "Show whether the project's editor is running, starting, crashed or closed"
  static examples = ['<%= config.bin %> status --project ./mygame', '<%= config.bin %> status --json']
  static flags = {
    project: projectFlag(),
    json: jsonFlag,
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Status)
    const root = resolveProject(flags.project)
    const port = wsPortFor(root)
    const {verdict, hello, other} = await editorState(root, port)
    const discovery = root ? readDiscovery(root) : hello
    let advice = verdict === 'running' ? 'ready' : VERDICT_ADVICE[verdict]
    const missing = root && verdict !== 'running' ? addonProblem(root) : undefined
    // `bridge launch` would refuse a project without the addon: say what it would say, not to run it
    // (and the editor that does answer on the port is named too: it is easily taken for this project's)
    if (missing)
      advice = `${other ? `${describeOther(other, port)}, not this project; ` : ''}${missing}; run \`bridge install --project ${root} --enable\`, then \`bridge launch\``
    else if (other) advice = `${describeOther(other, port)}, not this project; ${VERDICT_ADVICE[verdict]}`
    else if (!root)
      advice =
        verdict === 'running'
          ? `not inside a Godot project: this is the editor on port ${port}, serving ${hello?.project_root}; pass --project to check another`
          : `not inside a Godot project and no editor answers on port ${port}; pass --project DIR`
    const report = {
      verdict,
      project_root: root ?? hello?.project_root ?? null,
      ws_port: port,
      http_port: discovery?.http_port ?? 0,
      pid: discovery?.pid ?? null,
      started_at: discovery?.started_at ?? null,
      engine_version: discovery?.engine_version ?? null,
      ...(verdict === 'running' ? framesOfDiscovery(discovery) : {}),
      supported_godot: supportedGodot().range,
      ...(root ? {} : {inside_project: false}),
      ...(other ? {other_editor: {project_root: other.project_root, pid: other.pid ?? null, ws_port: port}} : {}),
      advice,
    }
    this.print(report, flags.json)
    warnOtherBridge()
    if (verdict !== 'running') this.exit(EXIT[verdict])
  }
}

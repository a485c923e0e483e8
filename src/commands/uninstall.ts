// `bridge uninstall --project DIR`: take the addon out of a project again, leaving project.godot as it was
// before `bridge install --enable`. Refused while the project's editor runs (it would write its entries back).
import {BaseCommand} from '../cli/base-command.js'
import {projectFlag} from '../cli/flags.js'
import {wsPortFor} from '../editor/discovery.js'
import {requireProject} from '../editor/project.js'
import {uninstall, type Uninstalled} from '../editor/uninstall.js'
import {editorState} from '../editor/verdicts.js'
import {UsageError} from '../errors.js'

export default class Uninstall extends BaseCommand {
  static summary = 'Remove the bridge addon from a Godot project'
  static description =
    "Deletes <project>/addons/bridge and removes exactly the project.godot lines `bridge install --enable` added (the plugin's entry and the two game autoloads). Refused while the project's editor runs: quit it first."
  static examples = ['<%= config.bin %> uninstall --project ./mygame']
  static flags = {project: projectFlag()}
  static enableJsonFlag = true

  async run(): Promise<Uninstalled> {
    const {flags} = await this.parse(Uninstall)
    const root = requireProject(flags.project)
    const state = await editorState(root, wsPortFor(root))
    if (state.verdict === 'running' || state.verdict === 'starting')
      throw new UsageError(
        `the editor of ${root} is ${state.verdict}; quit it first (bridge editor quit), or it writes the addon's entries back`,
        {project_root: root},
      )
    const out = uninstall(root)
    this.log(out.addon_removed ? `addon removed from ${root}` : `no addon in ${root}`)
    this.log(out.project_godot_changed ? 'project.godot entries removed' : 'project.godot had no bridge entries')
    return out
  }
}

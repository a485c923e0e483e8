// `bridge install --project DIR [--enable]`: copy the addon into a project (and enable it).
import {Flags} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {projectFlag} from '../cli/flags.js'
import {warnOtherBridge} from '../cli/path-note.js'
import {cacheForInstall, type InstallCache} from '../editor/declaration-cache.js'
import {findGodot} from '../editor/godot.js'
import {addonSourceDir, copyAddon, enablePlugin} from '../editor/install.js'
import {requireProject} from '../editor/project.js'

export default class Install extends BaseCommand {
  static summary = 'Copy the bridge addon into a Godot project'
  static description =
    'Copies the addon to <project>/addons/bridge, with a declaration cache matching its scripts (built with a headless Godot when the CLI has none), so the first editor start is not slower than the next. With --enable it also enables the plugin in project.godot, changing only that line.'
  static examples = ['<%= config.bin %> install --project ./mygame --enable']
  static flags = {
    project: projectFlag(),
    enable: Flags.boolean({description: 'Enable the plugin in project.godot'}),
  }
  static enableJsonFlag = true

  async run(): Promise<{addon_dir: string; enabled: boolean; project_godot_changed: boolean} & InstallCache> {
    const {flags} = await this.parse(Install)
    const root = requireProject(flags.project)
    const dir = copyAddon(root)
    const cache = await cacheForInstall(addonSourceDir(), dir, () => findGodot())
    const changed = flags.enable ? enablePlugin(root) : false
    this.log(`addon copied to ${dir}`)
    if (cache.declaration_cache === 'built') this.log('declaration cache built for this addon')
    if (cache.note) this.warn(cache.note)
    if (flags.enable) this.log(changed ? 'plugin enabled in project.godot' : 'plugin was already enabled')
    warnOtherBridge()
    return {addon_dir: dir, enabled: Boolean(flags.enable), project_godot_changed: changed, ...cache}
  }
}

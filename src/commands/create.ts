// `bridge create <dir> [--2d|--3d]`: a new Godot project with a main scene and the bridge addon enabled.
import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {createProject} from '../editor/create.js'
import {cacheForInstall} from '../editor/declaration-cache.js'
import {findGodot} from '../editor/godot.js'
import {addonSourceDir} from '../editor/install.js'

export default class Create extends BaseCommand {
  static summary = 'Make a new Godot project with a main scene and the bridge addon enabled'
  static description =
    'Writes project.godot, main.tscn (2D: a camera and a floor; 3D: a camera, a sun, an environment and a floor) and .gitignore, copies the addon to addons/bridge and enables it: `bridge launch` works next. Refuses a folder that already holds a project (or any file it would write) and changes nothing then.'
  static examples = [
    '<%= config.bin %> create mygame',
    '<%= config.bin %> create mygame --3d --name "My Game"',
    'cd mygame && <%= config.bin %> launch --headless',
  ]
  static args = {
    dir: Args.string({description: 'Folder for the new project (made if missing; may exist empty)', required: true}),
  }
  static flags = {
    '2d': Flags.boolean({description: 'A 2D main scene (the default)', exclusive: ['3d']}),
    '3d': Flags.boolean({description: 'A 3D main scene', exclusive: ['2d']}),
    name: Flags.string({description: 'The project name Godot shows (default: the folder name)'}),
  }
  static enableJsonFlag = true

  async run(): Promise<Record<string, unknown>> {
    const {args, flags} = await this.parse(Create)
    const made = createProject(args.dir, {dimension: flags['3d'] ? '3d' : '2d', name: flags.name})
    // as `bridge install`: the copied addon carries a declaration cache, so the first launch is not the slow one
    const cache = await cacheForInstall(addonSourceDir(), made.addon_dir, () => findGodot())
    if (cache.note) this.warn(cache.note)
    this.log(`created ${made.dimension.toUpperCase()} project "${made.name}" in ${made.project_root}`)
    this.log(`  main scene ${made.main_scene}; addon enabled in ${made.addon_dir}`)
    this.log(`next: cd ${args.dir} && bridge launch   (add --headless without a display)`)
    return {...made, ...cache}
  }
}

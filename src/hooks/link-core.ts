// After `bridge plugins install` or `uninstall`: makes `bridge-godot` resolvable from oclif's data directory,
// where npm puts installed packs, as a link to this very bridge (<dataDir>/node_modules/bridge-godot). Packs
// declare bridge-godot an optional peer, so npm never fetches a second copy; npm prunes the link as extraneous
// on every install or uninstall, so it is made again after each. See docs/plugins.md.
import type {Hook} from '@oclif/core'
import {lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync} from 'node:fs'
import {join, resolve} from 'node:path'

const hook: Hook<'plugins:postinstall'> = async function () {
  const modules = join(this.config.dataDir, 'node_modules')
  const link = join(modules, 'bridge-godot')
  try {
    const stat = lstatSync(link, {throwIfNoEntry: false})
    if (stat) {
      if (!stat.isSymbolicLink()) return // a real bridge-godot package someone installed there: theirs
      if (resolve(modules, readlinkSync(link)) === resolve(this.config.root)) return
      rmSync(link)
    }
    mkdirSync(modules, {recursive: true})
    symlinkSync(this.config.root, link, 'junction')
  } catch (error) {
    this.warn(`could not link bridge-godot for installed packs in ${modules}: ${(error as Error).message}`)
  }
}

export default hook

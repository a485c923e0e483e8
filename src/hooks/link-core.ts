// Makes `bridge-godot` resolvable for every installed pack, however it was installed. Packs declare bridge-godot
// an optional peer, so npm never fetches a second copy; this bridge provides itself instead, as a link:
// - <dataDir>/node_modules/bridge-godot, where npm puts packs installed from npm or a tarball (npm prunes that link
//   as extraneous on every install or uninstall, so it is made again after each);
// - <pack>/node_modules/bridge-godot for a pack that runs from its own folder (`plugins link`, with or without
//   --no-install, and `plugins install file:<dir>`, which npm links), when nothing there resolves it already:
//   what `npm install` of the pack's devDependency or `npm link bridge-godot` would make.
// Runs after `plugins install`/`uninstall` (their hooks) and before `plugins link` (prerun: link fires no hook).
// See docs/plugins.md.
import type {Config, Hook} from '@oclif/core'
import {existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync} from 'node:fs'
import {dirname, isAbsolute, join, resolve} from 'node:path'

const linkCore: Hook<'plugins:postinstall'> = async function () {
  for (const problem of linkCoreForPacks(this.config)) this.warn(problem)
}

/**
 * Before `plugins link <dir>` (it fires no plugins hook, and it loads the pack's commands as it links, so the link
 * must be there first): the folder being linked gets its link when nothing there resolves bridge-godot.
 */
export const linkCoreBeforeLink: Hook<'prerun'> = async function (options) {
  if (options.Command?.id === 'plugins:install') localPathsAbsolute(options.argv)
  if (options.Command?.id !== 'plugins:link') return
  const dir = resolve(options.argv.find((a) => !a.startsWith('-')) ?? '.')
  if (!existsSync(join(dir, 'package.json')) || resolvesCore(realpathSync(dir))) return
  try {
    ensureLink(join(realpathSync(dir), 'node_modules'), this.config.root)
  } catch (error) {
    this.warn(`could not link bridge-godot for the pack in ${dir}: ${(error as Error).message}`)
  }
}

/**
 * npm installs packs with oclif's data directory as its working directory, so a relative `file:./x.tgz` would
 * name a file there, and a bare `./x.tgz` reads as a GitHub repository: both are made absolute, from where the
 * user typed them. The parsed argv is the array the command then runs with.
 */
function localPathsAbsolute(argv: string[]): void {
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('-')) continue
    const path = arg.startsWith('file:') ? arg.slice('file:'.length) : arg
    const local = arg.startsWith('file:') || /^\.{1,2}\//.test(arg) || (/\.(tgz|tar\.gz)$/.test(arg) && existsSync(arg))
    if (local && !isAbsolute(path)) argv[i] = `file:${resolve(path)}`
  }
}

/** Links bridge-godot where each installed pack looks for it; returns what could not be done. */
function linkCoreForPacks(config: Pick<Config, 'dataDir' | 'root'>): string[] {
  const problems: string[] = []
  const modules = join(config.dataDir, 'node_modules')
  const attempt = (dir: string) => {
    try {
      ensureLink(dir, config.root)
    } catch (error) {
      problems.push(`could not link bridge-godot for installed packs in ${dir}: ${(error as Error).message}`)
    }
  }
  attempt(modules)
  for (const root of packRoots(config.dataDir)) if (!resolvesCore(root)) attempt(join(root, 'node_modules'))
  return problems
}

/** `<modules>/bridge-godot` → `core`, unless a real bridge-godot package is there (then it is theirs). */
function ensureLink(modules: string, core: string): void {
  const link = join(modules, 'bridge-godot')
  const stat = lstatSync(link, {throwIfNoEntry: false})
  if (stat) {
    if (!stat.isSymbolicLink()) return
    if (resolve(modules, readlinkSync(link)) === resolve(core)) return
    rmSync(link)
  }
  mkdirSync(modules, {recursive: true})
  symlinkSync(core, link, 'junction')
}

/** The real folders of the packs oclif recorded in its data directory (linked ones and installed ones). */
function packRoots(dataDir: string): string[] {
  let plugins: {type?: string; name?: string; root?: string}[] = []
  try {
    const pjson = JSON.parse(readFileSync(join(dataDir, 'package.json'), 'utf8')) as {
      oclif?: {plugins?: typeof plugins}
    }
    plugins = pjson.oclif?.plugins ?? []
  } catch {
    return []
  }
  const roots: string[] = []
  for (const plugin of plugins) {
    const dir = plugin.type === 'link' ? plugin.root : plugin.name && join(dataDir, 'node_modules', plugin.name)
    if (dir && existsSync(dir)) roots.push(realpathSync(dir))
  }
  return roots
}

/** Whether Node's resolution from `root` (its node_modules and every one above) finds a bridge-godot. */
function resolvesCore(root: string): boolean {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', 'bridge-godot', 'package.json'))) return true
    if (dirname(dir) === dir) return false
  }
}

export default linkCore

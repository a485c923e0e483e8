// Copies the addon into a project and enables it in project.godot, touching only the lines it must: the
// plugin's entry in [editor_plugins] and the two game autoloads in [autoload] (the plugin's enable hook adds
// them too, but editing the file fires no hook).
import {cpSync, existsSync, readFileSync, rmSync, writeFileSync, renameSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const PLUGIN_CFG = 'res://addons/bridge/plugin.cfg'

export function addonSourceDir(): string {
  // src/editor/install.ts and the bundle that runs it (dist/bundle/main.cjs) both sit two levels below the package root
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'addon')
}

export function copyAddon(projectRoot: string): string {
  const target = join(projectRoot, 'addons', 'bridge')
  rmSync(target, {recursive: true, force: true})
  cpSync(addonSourceDir(), target, {recursive: true})
  return target
}

/** Returns project.godot's text with the plugin enabled; unchanged text when it already is. */
export function withPluginEnabled(text: string, plugin = PLUGIN_CFG): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.split(/\r?\n/)
  const section = lines.findIndex((l) => l.trim() === '[editor_plugins]')
  const entry = `"${plugin}"`
  if (section === -1) {
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
    lines.push('', '[editor_plugins]', '', `enabled=PackedStringArray(${entry})`, '')
    return lines.join(eol)
  }
  let end = lines.findIndex((l, i) => i > section && /^\[.*\]\s*$/.test(l.trim()))
  if (end === -1) end = lines.length
  for (let i = section + 1; i < end; i++) {
    const m = /^enabled\s*=\s*PackedStringArray\((.*)\)\s*$/.exec(lines[i])
    if (!m) continue
    if (m[1].includes(entry)) return text
    lines[i] = `enabled=PackedStringArray(${m[1].trim() ? `${m[1].trim()}, ${entry}` : entry})`
    return lines.join(eol)
  }
  lines.splice(section + 1, 0, '', `enabled=PackedStringArray(${entry})`)
  return lines.join(eol)
}

/** The game-side autoloads (addon/game/), as addon/core/game_autoloads.gd adds them. */
export const GAME_AUTOLOADS: [name: string, value: string][] = [
  ['MCPGameInspector', '*res://addons/bridge/game/inspector.gd'],
  ['MCPGameInput', '*res://addons/bridge/game/input.gd'],
]

/**
 * Returns project.godot's text with the game autoloads in [autoload]; unchanged text when they are there. An
 * entry of the same name that the user made is left alone (the addon then warns in the editor).
 */
export function withGameAutoloads(text: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.split(/\r?\n/)
  const entries = (names: [string, string][]) => names.map(([name, value]) => `${name}="${value}"`)
  const section = lines.findIndex((l) => l.trim() === '[autoload]')
  if (section === -1) {
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
    lines.push('', '[autoload]', '', ...entries(GAME_AUTOLOADS), '')
    return lines.join(eol)
  }
  let end = lines.findIndex((l, i) => i > section && /^\[.*\]\s*$/.test(l.trim()))
  if (end === -1) end = lines.length
  const body = lines.slice(section + 1, end)
  const missing = GAME_AUTOLOADS.filter(([name]) => !body.some((l) => new RegExp(`^${name}\\s*=`).test(l.trim())))
  if (missing.length === 0) return text
  let at = end
  while (at > section + 1 && lines[at - 1].trim() === '') at--
  if (at === section + 1) lines.splice(at++, 0, '')
  lines.splice(at, 0, ...entries(missing))
  return lines.join(eol)
}

export function enablePlugin(projectRoot: string): boolean {
  const file = join(projectRoot, 'project.godot')
  if (!existsSync(file)) throw new Error(`${projectRoot} has no project.godot`)
  const before = readFileSync(file, 'utf8')
  const after = withGameAutoloads(withPluginEnabled(before))
  if (after === before) return false
  const tmp = `${file}.bridge-tmp`
  writeFileSync(tmp, after)
  renameSync(tmp, file)
  return true
}

/** Why `bridge launch` would wait in vain for this project's bridge, or undefined when the addon is in place. */
export function addonProblem(projectRoot: string): string | undefined {
  if (!existsSync(join(projectRoot, 'addons', 'bridge', 'plugin.cfg')))
    return `the bridge addon is not installed in ${projectRoot} (no addons/bridge/plugin.cfg)`
  const text = readFileSync(join(projectRoot, 'project.godot'), 'utf8')
  if (withPluginEnabled(text) !== text) return `the bridge addon is installed in ${projectRoot} but not enabled`
  return undefined
}

// Copies the addon into a project and enables it in project.godot, touching only the one line it must.
import {cpSync, existsSync, readFileSync, rmSync, writeFileSync, renameSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const PLUGIN_CFG = 'res://addons/bridge/plugin.cfg'

export function addonSourceDir(): string {
  // src/editor/install.ts and dist/editor/install.js both sit two levels below the package root
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

export function enablePlugin(projectRoot: string): boolean {
  const file = join(projectRoot, 'project.godot')
  if (!existsSync(file)) throw new Error(`${projectRoot} has no project.godot`)
  const before = readFileSync(file, 'utf8')
  const after = withPluginEnabled(before)
  if (after === before) return false
  const tmp = `${file}.bridge-tmp`
  writeFileSync(tmp, after)
  renameSync(tmp, file)
  return true
}

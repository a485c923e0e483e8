// The inverse of `bridge install --enable`: removes the addon folder and exactly the project.godot lines install
// added (the plugin's entry in [editor_plugins], the two game autoloads, and a section install created, with the
// blank line before it), so a project installed and uninstalled is byte for byte what it was.
import {existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {GAME_AUTOLOADS, PLUGIN_CFG} from './install.js'

/** The [section] header's line index and the index where its body ends (the next header or the end). */
function sectionRange(lines: string[], name: string): [number, number] | undefined {
  const start = lines.findIndex((l) => l.trim() === `[${name}]`)
  if (start === -1) return undefined
  const end = lines.findIndex((l, i) => i > start && /^\[.*\]\s*$/.test(l.trim()))
  return [start, end === -1 ? lines.length : end]
}

/**
 * Drops a section left with nothing but blank lines, and the blank line before its header, when install could have
 * added it: install appends the sections it makes at the end of the file ([editor_plugins], then [autoload]), so
 * only a section followed by nothing but bridge's own autoloads is one; an empty header of the user's stays.
 */
function dropIfEmpty(lines: string[], name: string): void {
  const range = sectionRange(lines, name)
  if (!range) return
  const [start, end] = range
  if (lines.slice(start + 1, end).some((l) => l.trim() !== '')) return
  const ours = new Set(GAME_AUTOLOADS.map(([n, value]) => `${n}="${value}"`))
  const after = lines.slice(end).filter((l) => l.trim() !== '')
  if (after.length > 0 && (after[0].trim() !== '[autoload]' || after.slice(1).some((l) => !ours.has(l.trim())))) return
  const last = end === lines.length ? end - 1 : end // at the end of the file the final '' is the file's last newline
  const from = start > 0 && lines[start - 1].trim() === '' ? start - 1 : start
  lines.splice(from, Math.max(last, start + 1) - from)
}

/** project.godot's text without the bridge plugin in [editor_plugins]; unchanged text when it is not there. */
export function withoutPlugin(text: string, plugin = PLUGIN_CFG): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.split(/\r?\n/)
  const range = sectionRange(lines, 'editor_plugins')
  if (!range) return text
  const entry = `"${plugin}"`
  for (let i = range[0] + 1; i < range[1]; i++) {
    const m = /^enabled\s*=\s*PackedStringArray\((.*)\)\s*$/.exec(lines[i])
    if (!m || !m[1].includes(entry)) continue
    const rest = m[1]
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '' && s !== entry)
    if (rest.length > 0) lines[i] = `enabled=PackedStringArray(${rest.join(', ')})`
    else {
      lines.splice(i, 1)
      // install put a blank line between the header and the line it added
      if (i === range[0] + 2 && lines[i - 1].trim() === '') lines.splice(i - 1, 1)
    }
    dropIfEmpty(lines, 'editor_plugins')
    return lines.join(eol)
  }
  return text
}

/** project.godot's text without the game autoloads bridge adds (only entries with bridge's own values). */
export function withoutGameAutoloads(text: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.split(/\r?\n/)
  const range = sectionRange(lines, 'autoload')
  if (!range) return text
  const ours = new Set(GAME_AUTOLOADS.map(([name, value]) => `${name}="${value}"`))
  const kept = lines.filter((l, i) => i <= range[0] || i >= range[1] || !ours.has(l.trim()))
  if (kept.length === lines.length) return text
  dropIfEmpty(kept, 'autoload')
  return kept.join(eol)
}

export interface Uninstalled {
  addon_removed: boolean
  project_godot_changed: boolean
}

/** Removes addons/bridge (and addons/ when bridge was all it held) and bridge's project.godot entries. */
export function uninstall(projectRoot: string): Uninstalled {
  const file = join(projectRoot, 'project.godot')
  if (!existsSync(file)) throw new Error(`${projectRoot} has no project.godot`)
  const before = readFileSync(file, 'utf8')
  const after = withoutGameAutoloads(withoutPlugin(before))
  if (after !== before) {
    const tmp = `${file}.bridge-tmp`
    writeFileSync(tmp, after)
    renameSync(tmp, file)
  }
  const addon = join(projectRoot, 'addons', 'bridge')
  const removed = existsSync(addon)
  rmSync(addon, {recursive: true, force: true})
  const addons = join(projectRoot, 'addons')
  if (existsSync(addons) && readdirSync(addons).length === 0) rmSync(addons, {recursive: true, force: true})
  return {addon_removed: removed, project_godot_changed: after !== before}
}

// The scripts the game runs (the autoloads MCPGameInspector and MCPGameInput and everything they load) and the
// names they give scripts, read from the addon's sources: the rule atop addon/game/inspector.gd is about them.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {dirname, join, normalize, relative} from 'node:path'

export const ADDON_DIR = join(process.cwd(), 'addon')

/** addon/game/*.gd and, transitively, every addon .gd they name in a string (preload("…") or a path they load). */
export function gameScripts(): string[] {
  const game = join(ADDON_DIR, 'game')
  const todo = readdirSync(game)
    .filter((f) => f.endsWith('.gd'))
    .map((f) => join(game, f))
  const seen = new Set<string>()
  while (todo.length > 0) {
    const file = normalize(todo.pop()!)
    if (seen.has(file)) continue
    seen.add(file)
    for (const m of readFileSync(file, 'utf8').matchAll(/"([^"\n]+\.gd)"/g)) {
      const target = normalize(join(dirname(file), m[1]))
      if (target.startsWith(ADDON_DIR) && existsSync(target)) todo.push(target)
    }
  }
  return [...seen].sort()
}

/** Every name those scripts give a script (`const X := preload(…)`, `class_name X`, inner `class X`) → files (addon-relative). */
export function gameScriptNames(): Map<string, string[]> {
  const names = new Map<string, string[]>()
  for (const file of gameScripts()) {
    const text = readFileSync(file, 'utf8')
    const found = [
      ...text.matchAll(/^const\s+(\w+)\s*(?::\s*\w*\s*)?=\s*preload\(/gm),
      ...text.matchAll(/^class_name\s+(\w+)/gm),
      ...text.matchAll(/^\s*class\s+(\w+)/gm),
    ]
    for (const m of found) names.set(m[1], [...(names.get(m[1]) ?? []), relative(ADDON_DIR, file)])
  }
  return names
}

/** The places in a GDScript source where `name` stands as a type (strings and comments left out): line numbers. */
export function typeUses(source: string, name: string): number[] {
  const type = new RegExp(
    String.raw`(?:\b\w+\s*:\s*|->\s*|\bas\s+|\bis\s+(?:not\s+)?|\bextends\s+|\bArray\s*\[\s*)${name}\b`,
  )
  const lines: number[] = []
  source.split('\n').forEach((line, i) => {
    const code = line.replaceAll(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""').replace(/#.*/, '')
    if (/^\s*const\s/.test(code) && /=\s*preload\(/.test(code)) return
    if (type.test(code)) lines.push(i + 1)
  })
  return lines
}

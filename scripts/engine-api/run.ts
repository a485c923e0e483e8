// The engine-API check over the addon (npm run check:gdscript runs it first): every addon and game-autoload
// script against every supported Godot version, with the installed engine's full API dump naming the members
// the version table leaves out. Prints each finding as file:line and returns how many there were.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import {loadApi} from './api.js'
import {checkScripts, supported} from './check.js'

const COMPAT = 'core/compat.gd'

/** FLOOR and CEILING as addon/core/compat.gd declares them (the one place the range is written). */
export function supportedRange(addon: string): {floor: string; ceiling: string} {
  const text = readFileSync(join(addon, COMPAT), 'utf8')
  const read = (name: string): string => {
    const m = new RegExp(`^const ${name} := "(\\d+\\.\\d+)"`, 'm').exec(text)
    if (!m) throw new Error(`${COMPAT} declares no ${name} := "4.x"`)
    return m[1]
  }
  return {floor: read('FLOOR'), ceiling: read('CEILING')}
}

/** The installed engine's extension_api.json text, or undefined when it cannot be dumped. */
function dumpApi(godot: string | undefined): string | undefined {
  if (!godot) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'bridge-api-'))
  try {
    execFileSync(godot, ['--headless', '--dump-extension-api'], {cwd: dir, stdio: 'ignore', timeout: 60_000})
    return readFileSync(join(dir, 'extension_api.json'), 'utf8')
  } catch {
    return undefined
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/** The scripts the version gate runs before it can refuse: plugin.gd and what it preloads, transitively. */
function gateChain(addon: string): string[] {
  const out: string[] = []
  const visit = (rel: string): void => {
    if (out.includes(rel)) return
    out.push(rel)
    const text = readFileSync(join(addon, rel), 'utf8')
    for (const m of text.matchAll(/^(?:const \w+ := preload\(|extends )"([^"]+\.gd)"/gm))
      visit(relative(addon, join(addon, rel, '..', m[1])))
  }
  visit('plugin.gd')
  return out
}

/**
 * Checks every addon script; prints the findings (and with `list` every engine symbol used) and returns how
 * many findings there were. `floor` overrides compat.gd's FLOOR, to see what lowering it would take.
 */
export function checkAddonApi(
  addon: string,
  godot?: string,
  {list = false, floor: lower = '', packs = join(addon, '..', 'plugins')} = {},
): number {
  const files = new Map<string, string>()
  for (const e of readdirSync(addon, {withFileTypes: true, recursive: true}))
    if (e.isFile() && e.name.endsWith('.gd')) {
      const full = join(e.parentPath, e.name)
      files.set(relative(addon, full), readFileSync(full, 'utf8'))
    }
  // The content packs' command files run in the same editors, so they are held to the same versions.
  for (const pack of existsSync(packs) ? readdirSync(packs).sort() : []) {
    const dir = join(packs, pack, 'gdscript')
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.gd')))
      files.set(`${PACK_MARK}${pack}/gdscript/${f}`, readFileSync(join(dir, f), 'utf8'))
  }
  const dump = dumpApi(godot)
  const range = supportedRange(addon)
  const [floor, ceiling] = [lower || range.floor, range.ceiling]
  const api = loadApi(undefined, dump)
  const {findings, used} = checkScripts(files, api, {
    floor,
    ceiling,
    strictFloor: {floor: '4.2', files: gateChain(addon)},
    compatFile: COMPAT,
  })
  if (list) for (const s of [...used].sort()) console.log(s)
  for (const f of findings)
    console.log(`${repoPath(f.file)}:${f.line}: ${f.symbol} is missing in Godot ${f.missing.join(', ')} (${f.why})`)
  const members = [...used].filter((s) => s.includes('.')).length
  console.log(
    `engine-API check: ${files.size} scripts, ${used.size - members} engine classes and ${members} members used, ` +
      `against Godot ${supported(floor, ceiling).join(', ')}${dump ? '' : ' (no API dump: members that never changed are not checked)'}: ` +
      `${findings.length} problem(s)`,
  )
  return findings.length
}

/** Pack files are keyed under PACK_MARK so that no addon path can collide with them. */
const PACK_MARK = '//plugins/'

function repoPath(file: string): string {
  return file.startsWith(PACK_MARK) ? `plugins/${file.slice(PACK_MARK.length)}` : `addon/${file}`
}

// npx tsx scripts/engine-api/run.ts [--list] [--floor 4.4] [godot-binary]: the check alone, e.g. to see the
// engine symbols the addon uses, or what a lower floor would need.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--floor')
  const floor = at >= 0 ? args.splice(at, 2)[1] : ''
  const list = args.includes('--list')
  const godot = args.find((a) => !a.startsWith('--')) ?? process.env.GODOT_BIN
  const addon = fileURLToPath(new URL('../../addon', import.meta.url))
  process.exit(checkAddonApi(addon, godot, {list, floor}) > 0 ? 1 : 0)
}

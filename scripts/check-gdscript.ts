// The GDScript gate (npm run check:gdscript): copies the addon into a temp project whose project.godot turns
// the warnings of scripts/gdscript-check.cfg into errors for res://addons/bridge only, opens every addon script
// (the game-side ones in addon/game too) in a headless editor's GDScript language server, and fails naming
// file:line and the message on any error or warning. The content packs' command files (plugins/*/gdscript) are
// checked the same way, installed where `bridge <pack> install` puts them (res://bridge_commands/). The language server reports every diagnostic of every
// file at once (`--check-only` prints only the first error per file, and only errors). Then it runs script.lint's
// rules over the addon. Before all that, the engine-API check (scripts/engine-api/run.ts): every engine class,
// member and syntax feature the addon uses against every supported Godot version.
// Usage: npx tsx scripts/check-gdscript.ts [godot-binary]
import {execFileSync, spawn, spawnSync} from 'node:child_process'
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync} from 'node:fs'
import {createConnection, createServer, type Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {checkAddonApi} from './engine-api/run.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const ADDON = join(ROOT, 'addon')
const SETTINGS = join(ROOT, 'scripts', 'gdscript-check.cfg')
const TIMEOUT_MS = 180_000
const packSources = new Map<string, string>()

interface Diagnostic {
  range: {start: {line: number}}
  severity?: number
  message: string
}

const godot =
  process.argv[2] ??
  process.env.GODOT_BIN ??
  execFileSync('bash', [join(ROOT, 'scripts', 'find-godot.sh')], {encoding: 'utf8'}).trim()
const {debug, check} = readSettings(SETTINGS)
const work = mkdtempSync(join(tmpdir(), 'bridge-gdscript-'))
const project = join(work, 'p')
const env = {
  ...process.env,
  XDG_CONFIG_HOME: join(work, 'home'),
  XDG_DATA_HOME: join(work, 'home'),
  XDG_CACHE_HOME: join(work, 'home'),
}
mkdirSync(join(project, 'addons'), {recursive: true})
cpSync(ADDON, join(project, 'addons', 'bridge'), {recursive: true})
// Project-relative paths: the addon's scripts, then the packs' command files as their install puts them.
const files = [...scripts(ADDON).map((f) => `addons/bridge/${f}`), ...installPacks()]
// Every engine symbol and syntax feature against every supported Godot version (pure TS over the API tables).
let failures = checkAddonApi(ADDON, godot)
try {
  // Lint first, in a project without the strict settings: the lint's own scripts load even when a warning fails.
  writeFileSync(join(project, 'project.godot'), 'config_version=5\n[application]\nconfig/name="check"\n')
  failures += lint()
  writeFileSync(
    join(project, 'project.godot'),
    `config_version=5\n[application]\nconfig/name="check"\n[debug]\n${debug}`,
  )
  failures += await diagnose()
} finally {
  rmSync(work, {recursive: true, force: true})
}
if (failures > 0) {
  console.error(`GDScript check failed: ${failures} problem(s)`)
  process.exit(1)
}
console.log(`GDScript check: ${files.length} addon and pack scripts without warnings, errors or lint issues`)

/** script.lint's rules over every addon script (scripts/gdscript-lint.gd in the temp project); the issue count. */
function lint(): number {
  cpSync(join(ROOT, 'scripts', 'gdscript-lint.gd'), join(project, 'lint.gd'))
  const args = [String(check.max_line_length), ...(check.lint_skip as string[])]
  const res = spawnSync(godot, ['--headless', '--path', project, '--script', 'res://lint.gd', '--', ...args], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
  const issues = res.stdout.split('\n').filter((l) => /^\S+\.gd:\d+: /.test(l))
  for (const l of issues) console.log(`addon/${l}`)
  if (res.status !== 0 && issues.length === 0) {
    console.log(`script.lint did not run (exit ${res.status}):\n${res.stdout}${res.stderr}`)
    return 1
  }
  return issues.length
}

/** Every addon script opened in a headless editor's language server; the count of diagnostics that fail. */
async function diagnose(): Promise<number> {
  const port = await freePort()
  const editor = spawn(godot, ['--headless', '--editor', '--path', project, '--lsp-port', String(port)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  editor.stdout.on('data', (d: Buffer) => (log += d.toString()))
  editor.stderr.on('data', (d: Buffer) => (log += d.toString()))
  try {
    const socket = await connect(port, () => log)
    const diagnostics = await publish(socket, files)
    socket.destroy()
    const seams = new Set(check.seams as string[])
    let count = 0
    let tolerated = 0
    for (const file of files) {
      for (const d of diagnostics.get(file) ?? []) {
        const unsafe = /^\(UNSAFE_/.test(d.message)
        if (unsafe && !seams.has(file.replace(/^addons\/bridge\//, ''))) {
          tolerated++
          continue
        }
        console.log(`${sourceOf(file)}:${d.range.start.line + 1}: ${d.message}`)
        count++
      }
    }
    console.log(`${tolerated} unsafe-access warnings outside the seam files (reported, not failing)`)
    return count
  } finally {
    editor.kill()
  }
}

/** Opens each file over LSP and waits until the server has published diagnostics (maybe none) for all of them. */
function publish(socket: Socket, rel: string[]): Promise<Map<string, Diagnostic[]>> {
  const base = pathToFileURL(project).href + '/'
  const out = new Map<string, Diagnostic[]>()
  let id = 0
  const send = (msg: object): void => {
    const body = JSON.stringify({jsonrpc: '2.0', ...msg})
    socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const missing = rel.filter((f) => !out.has(f))
      reject(new Error(`the language server published nothing for ${missing.length} script(s), e.g. ${missing[0]}`))
    }, TIMEOUT_MS)
    let buf = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk])
      for (;;) {
        const head = buf.indexOf('\r\n\r\n')
        if (head < 0) return
        const length = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, head).toString())?.[1])
        if (buf.length < head + 4 + length) return
        const msg = JSON.parse(buf.subarray(head + 4, head + 4 + length).toString()) as {
          method?: string
          params?: {uri: string; diagnostics: Diagnostic[]}
        }
        buf = buf.subarray(head + 4 + length)
        if (msg.method === 'textDocument/publishDiagnostics' && msg.params) {
          const uri = decodeURIComponent(msg.params.uri)
          if (uri.startsWith(base)) out.set(uri.slice(base.length), msg.params.diagnostics)
          if (rel.every((f) => out.has(f))) {
            clearTimeout(timer)
            resolve(out)
          }
        }
      }
    })
    send({
      id: ++id,
      method: 'initialize',
      params: {processId: process.pid, rootUri: pathToFileURL(project).href, capabilities: {}},
    })
    send({method: 'initialized', params: {}})
    for (const f of rel) {
      const path = join(project, f)
      send({
        method: 'textDocument/didOpen',
        params: {
          textDocument: {
            uri: pathToFileURL(path).href,
            languageId: 'gdscript',
            version: 1,
            text: readFileSync(path, 'utf8'),
          },
        },
      })
    }
  })
}

/** Connects to the editor's language server once it listens (the editor takes a few seconds to start). */
async function connect(port: number, log: () => string): Promise<Socket> {
  const deadline = Date.now() + TIMEOUT_MS
  for (;;) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const s = createConnection(port, '127.0.0.1', () => resolve(s))
        s.once('error', reject)
      })
    } catch {
      if (Date.now() > deadline) throw new Error(`the editor's language server never listened on ${port}:\n${log()}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const {port} = srv.address() as {port: number}
      srv.close(() => resolve(port))
    })
  })
}

/** Copies every pack's command files into the project's bridge_commands/ (where its install puts them); their
 *  project-relative paths. A pack file names its source in the report through sourceOf. */
function installPacks(): string[] {
  const out: string[] = []
  mkdirSync(join(project, 'bridge_commands'), {recursive: true})
  for (const pack of readdirSync(join(ROOT, 'plugins')).sort()) {
    const dir = join(ROOT, 'plugins', pack, 'gdscript')
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.gd'))
      .sort()) {
      cpSync(join(dir, f), join(project, 'bridge_commands', f))
      packSources.set(`bridge_commands/${f}`, `plugins/${pack}/gdscript/${f}`)
      out.push(`bridge_commands/${f}`)
    }
  }
  return out
}

/** The repository path of a project-relative script: addon/… for the addon, plugins/<pack>/gdscript/… for a pack. */
function sourceOf(file: string): string {
  return packSources.get(file) ?? file.replace(/^addons\/bridge\//, 'addon/')
}

/** The addon's .gd files, relative to addon/, sorted. */
function scripts(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, {withFileTypes: true, recursive: true})) {
    if (e.isFile() && e.name.endsWith('.gd')) out.push(relative(dir, join(e.parentPath, e.name)))
  }
  return out.sort()
}

/** The [debug] section as text for project.godot, and the [bridge_check] values (JSON-compatible). */
function readSettings(file: string): {debug: string; check: Record<string, unknown>} {
  let section = ''
  const debug: string[] = []
  const check: Record<string, unknown> = {}
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith(';')) continue
    const header = /^\[(.+)\]$/.exec(line)
    if (header) {
      section = header[1]
      continue
    }
    if (section === 'debug') debug.push(line)
    else if (section === 'bridge_check') {
      const eq = line.indexOf('=')
      check[line.slice(0, eq).trim()] = JSON.parse(line.slice(eq + 1))
    }
  }
  return {debug: debug.join('\n') + '\n', check}
}

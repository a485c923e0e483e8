// No declaration cache is committed (core/declaration_cache.gd). An editor whose addon has none builds one
// under the project's .godot/bridge/ and answers meanwhile; a stale or corrupt cache is never trusted; and
// `bridge install` gives the installed addon one, building it when the CLI's own addon has none (a fresh clone).
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, sep} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {addonHash, CACHE_FILE, cacheMatches} from '../../../src/editor/declaration-cache.js'
import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {CLI_ENV} from '../../support/cli.js'
import {DEMO_PROJECT, prepareDeclarationCache, REPO_ROOT, type TestEditor} from '../../support/editor.js'
import {useEditors} from '../../support/fixture.js'
import {decodeVariant} from '../../support/variant.js'

const PROJECT_CACHE = join('.godot', 'bridge', CACHE_FILE)
const addonOf = (root: string) => join(root, 'addons', 'bridge')
const u32 = (v: number) => Buffer.from(new Uint32Array([v]).buffer)

async function waitFor(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!ok()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function inEditor(editor: TestEditor, code: string): Promise<any> {
  const {result} = await editor.client.call<{result: unknown}>('editor.run_script', {
    code,
    allow_unsafe_editor_io: true,
  })
  return result
}

/** Every built-in method engine.commands lists, in its order. */
async function builtinMethods(editor: TestEditor): Promise<string[]> {
  const {commands} = await editor.client.call<{commands: {method: string; source: string}[]}>('engine.commands')
  return commands.filter((c) => c.source === 'builtin').map((c) => c.method)
}

/** The methods a cache file lists, in its order. */
function cachedMethods(file: string): string[] {
  const cache = decodeVariant(readFileSync(file)) as {groups: {commands: {method: string}[]}[]}
  return cache.groups.flatMap((g) => g.commands.map((c) => c.method))
}

const READ_CACHE = `var groups: Array = load("res://addons/bridge/core/declaration_cache.gd").read()
var methods := []
for group: Dictionary in groups:
	for cmd: Dictionary in group.commands:
		methods.append(cmd.method)
return methods`

describe('the declaration cache, not committed (real editor)', function () {
  this.timeout(600_000)
  const editors = useEditors({each: true})
  const catalog = loadCatalog().map((c) => c.method)
  const shipped = () => readFileSync(join(REPO_ROOT, 'addon', CACHE_FILE))

  it('an editor on a project with no cache answers, then builds one under .godot/bridge/ that the next start uses', async () => {
    const editor = await editors.start({
      install: (root) => {
        copyAddon(root)
        rmSync(join(addonOf(root), CACHE_FILE), {force: true})
        enablePlugin(root)
      },
    })
    expect(await builtinMethods(editor), 'every command, with no cache').to.deep.equal(catalog)
    const file = join(editor.root, PROJECT_CACHE)
    await waitFor('the editor writes .godot/bridge/declarations.cache', () => existsSync(file))
    expect(cacheMatches(file, addonOf(editor.root)), 'built for these very scripts').to.equal(true)
    expect(cachedMethods(file)).to.deep.equal(catalog)
    // the hash Node computes (bridge install, the harness) is the editor's own
    expect(
      await inEditor(editor, 'return load("res://addons/bridge/core/declaration_cache.gd").addon_hash()'),
    ).to.equal(addonHash(addonOf(editor.root)))
    await editor.stop({keepDir: true})
    await editor.restart()
    expect(await inEditor(editor, READ_CACHE), 'the next start reads the project cache').to.deep.equal(catalog)
    expect(await builtinMethods(editor)).to.deep.equal(catalog)
  })

  it('ignores a stale and a corrupt cache: answers stay right and the project gets a good one', async () => {
    // stale: the right hash but another layout version (99), with a command renamed, so trusting it would show
    await prepareDeclarationCache()
    const stale = Buffer.from(shipped())
    const at = stale.indexOf(Buffer.from('version\0'))
    expect(at, 'the shipped cache starts with its version').to.be.greaterThan(0)
    stale.writeInt32LE(99, at + 8 + 4) // after the key's padded bytes: the int's header, then its value
    // the method's value: key "method" (6 bytes, padded to 8), then a String of 14 bytes
    const method = Buffer.concat([Buffer.from('method\0\0'), u32(4), u32(14), Buffer.from('engine.version')])
    const renamed = stale.indexOf(method)
    expect(renamed, 'engine.version is in the cache').to.be.greaterThan(0)
    stale.write('engine.versioX', renamed + method.length - 14)
    // corrupt: the first half of a good cache, as an interrupted copy would leave it
    const good = shipped()
    const editor = await editors.start({
      install: (root) => {
        copyAddon(root)
        writeFileSync(join(addonOf(root), CACHE_FILE), stale)
        const file = join(root, PROJECT_CACHE)
        mkdirSync(dirname(file), {recursive: true})
        writeFileSync(file, good.subarray(0, good.length >> 1))
        enablePlugin(root)
      },
    })
    const methods = await builtinMethods(editor)
    expect(methods).to.deep.equal(catalog)
    expect(methods).not.to.include('engine.versioX')
    const file = join(editor.root, PROJECT_CACHE)
    await waitFor('the editor replaces the corrupt project cache', () => cacheMatches(file, addonOf(editor.root)))
    expect(await inEditor(editor, READ_CACHE), 'read() takes the good project cache, not the stale one').to.deep.equal(
      catalog,
    )
  })

  it('bridge install gives the installed addon a cache, built when the CLI has none (a fresh clone)', async () => {
    // a copy of the CLI whose addon has no cache, as in a fresh clone: the repository's own stays untouched
    const work = mkdtempSync(join(tmpdir(), 'bridge-cache-install-'))
    try {
      const cli = join(work, 'cli')
      for (const part of ['bin', 'dist', 'package.json', 'oclif.manifest.json', 'catalog'])
        cpSync(join(REPO_ROOT, part), join(cli, part), {recursive: true})
      cpSync(join(REPO_ROOT, 'addon'), join(cli, 'addon'), {
        recursive: true,
        filter: (src) => !src.endsWith(`${sep}${CACHE_FILE}`),
      })
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(cli, 'node_modules'))
      const install = async (name: string) => {
        const project = join(work, name)
        cpSync(DEMO_PROJECT, project, {recursive: true})
        const result = await bridge(join(cli, 'bin', 'run.js'), ['install', '--project', project, '--enable', '--json'])
        expect(result.code, result.stderr).to.equal(0)
        return {project, json: JSON.parse(result.stdout) as {declaration_cache: string; addon_dir: string}}
      }
      const first = await install('first')
      expect(first.json.declaration_cache).to.equal('built')
      expect(cacheMatches(join(addonOf(first.project), CACHE_FILE), addonOf(first.project))).to.equal(true)
      expect(cacheMatches(join(cli, 'addon', CACHE_FILE), join(cli, 'addon')), 'kept for the next install').to.equal(
        true,
      )
      const second = await install('second')
      expect(second.json.declaration_cache).to.equal('shipped')
      expect(cachedMethods(join(addonOf(second.project), CACHE_FILE))).to.deep.equal(catalog)
    } finally {
      rmSync(work, {recursive: true, force: true})
    }
  })
})

function bridge(bin: string, args: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {env: {...process.env, NO_COLOR: '1', ...CLI_ENV}})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 400_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code: code ?? -1, stdout, stderr})
    })
  })
}

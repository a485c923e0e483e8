// The two things a user installs, installed as a user would and run against a real editor:
// - the npm package: `npm pack`'s tarball, installed offline (the tarball and the npm cache `npm ci` leaves,
//   pinned by the project's own lockfile) into an empty directory, runs `bridge --version` and `bridge serve`;
// - the Godot Asset Library zip (`npm run pack:addon`): unpacked into a fresh project as Godot's asset
//   installer does (its top folder stripped) and enabled as the Plugins checkbox does, it loads in a headless
//   editor: the discovery file appears, the WebSocket greets with bridge.hello, and the versions agree.
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative, sep} from 'node:path'
import {unzipSync} from 'fflate'

import {addonHash, cacheHeader} from '../../../src/editor/declaration-cache.js'
import {withPluginEnabled} from '../../../src/editor/install.js'
import {REPO_ROOT, type TestEditor} from '../../support/editor.js'
import {useEditors} from '../../support/fixture.js'

interface Run {
  code: number
  stdout: string
  stderr: string
}

function run(command: string, args: string[], options: {cwd: string; env?: NodeJS.ProcessEnv}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: {...process.env, NO_COLOR: '1', ...options.env}})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code: code ?? -1, stdout, stderr})
    })
  })
}

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  version: string
  bin: Record<string, string>
  dependencies: Record<string, string>
  license: string
  engines: Record<string, string>
}

/** Every file under dir, relative, with `/` separators, sorted. */
function tree(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name)
      if (statSync(full).isDirectory()) walk(full)
      else out.push(relative(dir, full).split(sep).join('/'))
    }
  }
  walk(dir)
  return out.sort()
}

/**
 * A project that depends on the tarball and nothing else, locked to the versions this repository tested with:
 * the repository's lockfile entries for the runtime dependencies (dev ones dropped) plus the tarball.
 */
function lockedApp(dir: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, {dev?: boolean}>
  }
  const spec = `file:${relative(dir, tarball)}`
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
  const packages: Record<string, unknown> = {
    '': {name: 'bridge-install-check', dependencies: {'bridge-godot': spec}},
    'node_modules/bridge-godot': {
      version: pkg.version,
      resolved: spec,
      integrity,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  }
  for (const [path, entry] of Object.entries(lock.packages))
    if (path.startsWith('node_modules/') && !entry.dev) packages[path] = entry
  const manifest = {name: 'bridge-install-check', private: true, dependencies: {'bridge-godot': spec}}
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({name: manifest.name, lockfileVersion: 3, requires: true, packages}, null, 2),
  )
}

describe('packages a user installs', function () {
  this.timeout(600_000)
  let work: string
  let zipFile: string
  let zipped: Record<string, Uint8Array>
  let editor: TestEditor | undefined
  let bridge: string
  // the zip's editor is started inside its test (starting it is what that test checks); stopped in `after`
  // before `work` goes
  const editors = useEditors()

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'bridge-packages-'))
    expect(existsSync(join(REPO_ROOT, 'dist', 'bundle', 'main.cjs')), 'build first (npm run build)').to.equal(true)
    const packed = await run('npm', ['run', 'pack:addon'], {cwd: REPO_ROOT})
    expect(packed.code, packed.stderr).to.equal(0)
    zipFile = packed.stdout.trim().split('\n').at(-1)!
    zipped = unzipSync(readFileSync(zipFile))
  })

  after(async () => {
    if (work) rmSync(work, {recursive: true, force: true})
  })

  describe('the Asset Library zip', () => {
    const top = () => `bridge-${pkg.version}/`

    it('holds addons/bridge/ under one top folder: the same files `bridge install` copies, with LICENSE and icon', () => {
      const names = Object.keys(zipped).sort()
      expect(
        names.every((n) => n.startsWith(`${top()}addons/bridge/`)),
        names.join('\n'),
      ).to.equal(true)
      const inAddon = names.map((n) => n.slice(`${top()}addons/bridge/`.length))
      expect(inAddon).to.deep.equal(tree(join(REPO_ROOT, 'addon')))
      expect(inAddon).to.include.members(['LICENSE', 'icon.svg', 'plugin.cfg', 'plugin.gd', 'declarations.cache'])
      // built for exactly these scripts (pack:addon runs cache:build), so the first start does not load every group
      const cache = cacheHeader(Buffer.from(zipped[`${top()}addons/bridge/declarations.cache`]))
      expect(cache?.hash, "the zip's declaration cache matches its scripts").to.equal(
        addonHash(join(REPO_ROOT, 'addon')),
      )
      const license = Buffer.from(zipped[`${top()}addons/bridge/LICENSE`]).toString('utf8')
      expect(license)
        .to.equal(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8'))
        .and.match(/^MIT License\n\nCopyright \(c\) \d{4} /)
      const cfg = Buffer.from(zipped[`${top()}addons/bridge/plugin.cfg`]).toString('utf8')
      expect(/^version="([^"]*)"/m.exec(cfg)?.[1]).to.equal(pkg.version)
      expect(/^script="plugin.gd"/m.test(cfg)).to.equal(true)
    })

    it('installs into a fresh project and, enabled, loads in a real headless editor', async () => {
      const fresh = join(work, 'fresh')
      mkdirSync(fresh)
      writeFileSync(join(fresh, 'project.godot'), 'config_version=5\n\n[application]\n\nconfig/name="Fresh"\n')
      editor = await editors.start({
        fixture: fresh,
        install: (root) => {
          // Godot's asset installer: the archive's top folder is the asset root and is left out
          for (const [name, data] of Object.entries(zipped)) {
            if (name.endsWith('/')) continue
            const target = join(root, ...name.slice(top().length).split('/'))
            mkdirSync(dirname(target), {recursive: true})
            writeFileSync(target, data)
          }
          // the Plugins checkbox: the plugin's line in [editor_plugins]
          const file = join(root, 'project.godot')
          writeFileSync(file, withPluginEnabled(readFileSync(file, 'utf8')))
        },
      })
      // the editor started: the discovery file appeared and the WebSocket greeted with bridge.hello
      expect(editor.discovery.addon_version).to.equal(pkg.version)
      const info = (await editor.client.call('project.info')) as {addon_version: string; project_root: string}
      expect(info.addon_version).to.equal(pkg.version)
      expect(existsSync(join(editor.root, 'addons', 'bridge', 'LICENSE'))).to.equal(true)
      expect(editor.log()).to.not.match(/SCRIPT ERROR|Parse Error|Failed to load/)
    })
  })

  describe('the npm tarball', () => {
    let tarball: string

    it('packs bin, the build, the addon, the catalog and LICENSE, and no sources or tests', async () => {
      const out = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {cwd: REPO_ROOT})
      expect(out.code, out.stderr).to.equal(0)
      const [report] = JSON.parse(out.stdout.slice(out.stdout.indexOf('['))) as {
        filename: string
        files: {path: string}[]
      }[]
      tarball = join(work, report.filename)
      const files = report.files.map((f) => f.path)
      expect(files).to.include.members([
        'LICENSE',
        'bin/run.js',
        'dist/bundle/main.cjs',
        'dist/bundle/mcp-sdk.cjs',
        'oclif.manifest.json',
        'catalog/commands.json',
        'addon/plugin.cfg',
        'addon/LICENSE',
      ])
      expect(files.filter((f) => /^(src|test|node_modules)\//.test(f))).to.deep.equal([])
      // the SDK (and its zod) only serve loads: every other run reads and compiles main.cjs without it
      const main = readFileSync(join(REPO_ROOT, 'dist', 'bundle', 'main.cjs'), 'utf8')
      expect(main).to.include('require("./mcp-sdk.cjs")')
      expect(main).not.to.include('ZodError')
    })

    it('installs offline from the tarball and the npm cache, and runs bridge --version', async () => {
      const app = join(work, 'app')
      mkdirSync(app)
      lockedApp(app, tarball)
      const installed = await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], {cwd: app})
      // ENOTCACHED here: the npm cache lacks a locked package; `npm ci` in the repository fills it
      expect(installed.code, installed.stderr).to.equal(0)
      bridge = join(app, 'node_modules', '.bin', 'bridge')
      const version = await run(bridge, ['--version'], {cwd: work})
      expect(version.code, version.stderr).to.equal(0)
      expect(version.stdout).to.match(new RegExp(`^bridge-godot/${pkg.version.replaceAll('.', '\\.')} `))
      expect(version.stderr).to.equal('')
      // the unambiguous name runs the same CLI (iproute2 ships another `bridge`)
      const other = await run(join(app, 'node_modules', '.bin', 'godot-bridge'), ['--version'], {cwd: work})
      expect([other.code, other.stdout], other.stderr).to.deep.equal([0, version.stdout])
    })

    it('bridge create answers from the installed package where the command exists', async function () {
      const manifest = JSON.parse(
        readFileSync(join(dirname(bridge), '..', 'bridge-godot', 'oclif.manifest.json'), 'utf8'),
      ) as {commands: Record<string, unknown>}
      if (!('create' in manifest.commands)) this.skip() // `bridge create` lands from another branch
      const help = await run(bridge, ['create', '--help'], {cwd: work})
      expect(help.code, help.stderr).to.equal(0)
    })

    it('bridge serve from the installed package lists the tools of the editor the zip installed', async () => {
      const {Client} = await import('@modelcontextprotocol/sdk/client/index.js')
      const {StdioClientTransport} = await import('@modelcontextprotocol/sdk/client/stdio.js')
      expect(editor, 'the zip test started the editor').to.not.equal(undefined)
      const transport = new StdioClientTransport({
        command: bridge,
        args: ['serve', '--project', editor!.root],
        cwd: work,
        stderr: 'pipe',
      })
      let log = ''
      transport.stderr?.on('data', (chunk) => (log += chunk))
      const client = new Client({name: 'packages-e2e', version: '0.0.0'})
      try {
        await client.connect(transport)
        const {tools} = await client.listTools()
        expect(tools.map((t) => t.name)).to.include('engine_run')
        const result = (await client.callTool({name: 'engine_run', arguments: {method: 'project.info'}})) as {
          content: {type: string; text: string}[]
        }
        expect(result.content[0].text).to.match(new RegExp(`"addon_version":\\s*"${pkg.version}"`))
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- bridge serve stderr ---\n${log}`)
      } finally {
        await client.close()
      }
    })

    it('bridge install from the installed package writes the same addons/bridge as the zip', async () => {
      const project = join(work, 'second')
      mkdirSync(project)
      writeFileSync(join(project, 'project.godot'), 'config_version=5\n')
      const out = await run(bridge, ['install', '--project', project, '--enable'], {cwd: work})
      expect(out.code, out.stderr).to.equal(0)
      const fromZip = Object.keys(zipped)
        .map((n) => n.slice(`bridge-${pkg.version}/addons/bridge/`.length))
        .sort()
      expect(tree(join(project, 'addons', 'bridge'))).to.deep.equal(fromZip)
    })
  })
})

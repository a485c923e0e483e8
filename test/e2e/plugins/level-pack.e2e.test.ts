// The content pack (plugins/level) installed as a user would, into a throwaway oclif home: by path, then
// linked. `bridge level install` copies its GDScript commands into res://bridge_commands/ of a running
// editor's project; they load live and work from every surface (CLI through command_not_found, `bridge
// serve`, the HTTP endpoint), paint a TileMapLayer from a text map and scatter a scene on its surface with
// one undo step each; `bridge level uninstall` removes them live; uninstalling the pack drops its commands.
import {expect} from 'chai'
import {existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseJson} from '../../support/cli.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {type PackHome, openServe, packHome, toolJson} from '../../support/packs.js'
import {openWorld, type World, writeTilePng} from '../../support/world.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const COIN = `[gd_scene format=3]

[node name="Coin" type="Node2D"]
`
const MAP = ['..#.', '#..#', '####'].join('\n')

describe('level pack: GDScript commands installed into a running project (real editor)', function () {
  this.timeout(300_000)
  const fx = useEditor({
    group: 'tilemap',
    pristine: false,
    startTimeoutMs: 240_000,
    async prepare() {
      home = packHome()
      await home.install('level', 'path')
    },
  })
  let home: PackHome
  let w: World
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)
  const cells = async () =>
    ((await call('tilemap.get_cells', {node_path: 'Ground'})).cells as Json[]).map((c) => `${c.cell}:${c.atlas}`)

  async function levelMethods(): Promise<string[]> {
    const {commands} = await call<{commands: Json[]}>('engine.commands', {group: 'level'})
    return commands.map((c) => c.method)
  }

  async function waitFor(what: string, check: () => Promise<boolean>, ms = 3000): Promise<void> {
    const end = Date.now() + ms
    while (Date.now() < end) {
      if (await check()) return
      await sleep(50)
    }
    throw new Error(`${what}: not within ${ms} ms`)
  }

  before(async () => {
    writeFileSync(join(fx.editor.root, 'scenes', 'coin.tscn'), COIN)
    w = await openWorld(fx, 'res://levels/text.tscn', 'Node2D')
    await writeTilePng(w, 'res://art/tiles.png', ['#3a7d2c', '#8b5a2b', '#777777', null])
    await call('tilemap.layer_create', {
      parent: '/root/Main',
      name: 'Ground',
      texture: 'res://art/tiles.png',
      tile_size: [16, 16],
    })
  })
  after(async function () {
    this.timeout(60_000)
    home?.remove()
  })

  it('shows level install/uninstall in bridge --help and completion once installed by path', async () => {
    expect((await home.cli(['plugins'])).stdout).to.include('bridge-plugin-level')
    expect((await home.cli(['--help'])).stdout).to.match(/^\s+level\s+Levels from text/m)
    expect(await home.complete('level')).to.include.members(['install', 'uninstall'])
  })

  it('bridge level install copies the commands into res://bridge_commands/ and the running editor loads them', async () => {
    const result = await home.cli(['level', 'install', '--project', fx.editor.root, '--json'])
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson<Json>(result).files).to.deep.equal([
      {file: 'level.gd', res_path: 'res://bridge_commands/level.gd', status: 'added'},
    ])
    expect(readFileSync(join(fx.editor.root, 'bridge_commands', 'level.gd'), 'utf8')).to.include('level.paint_text')
    await waitFor('level.* registered', async () => (await levelMethods()).length === 2)
    expect(await levelMethods()).to.deep.equal(['level.paint_text', 'level.scatter'])
    const again = await home.cli(['level', 'install', '--project', fx.editor.root, '--json'])
    expect(parseJson<Json>(again).files[0].status).to.equal('unchanged')
  })

  it('paints a TileMapLayer from a text map from the CLI; read back, one undo step', async () => {
    const result = await home.cli(
      ['level', 'paint-text', '--node-path', '/root/Main/Ground', '--map', MAP, '--legend', '{"#":[1,0]}', '--json'],
      {cwd: fx.editor.root},
    )
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson<Json>(result)).to.include({painted: 7, erased: 0, used_cells: 7})
    expect(await cells()).to.deep.equal(['2,0:1,0', '0,1:1,0', '3,1:1,0', '0,2:1,0', '1,2:1,0', '2,2:1,0', '3,2:1,0'])
    const unknown = await home.cli(
      ['level', 'paint-text', '--node-path', 'Ground', '--map', '#x', '--legend', '{"#":[1,0]}'],
      {cwd: fx.editor.root},
    )
    expect(unknown.code).to.not.equal(0)
    expect(unknown.stderr).to.include("'x' (row 1, column 2) is not in the legend")
    // the pack's step is the call's own, named by its command and client as the addon's are
    type Step = {name: string; applied: boolean; command?: string; client?: string}
    const {histories} = await call<{histories: {actions: Step[]}[]}>('editor.undo_history', {limit: 5})
    const steps = histories.flatMap((h) => h.actions).filter((a) => a.applied && a.name === 'Bridge: level.paint_text')
    expect(steps.map((a) => a.command)).to.deep.equal(['level.paint_text'])
    expect(steps[0].client).to.be.a('string').and.not.equal('')
    await w.undo('level.paint_text')
    expect(await cells()).to.deep.equal([])
  })

  it('is callable from bridge serve (next to the addon tools) and the HTTP endpoint: scatter on the surface', async () => {
    const session = await openServe(fx.editor.root, home.env)
    try {
      const names = (await session.client.listTools()).tools.map((t) => t.name)
      expect(names).to.include.members(['level_paint_text', 'level_scatter', 'node_add', 'tilemap_get_cells'])
      const painted = toolJson(
        await session.client.callTool({
          name: 'level_paint_text',
          arguments: {node_path: 'Ground', map: MAP, legend: {'#': [0, 0]}, origin: [10, 0]},
        }),
      )
      expect(painted.painted).to.equal(7)
      const http = await fx.mcpHttp('level-e2e-http')
      const scattered = toolJson(
        await http.callTool({
          name: 'level_scatter',
          arguments: {node_path: 'Ground', scene: 'res://scenes/coin.tscn', count: 3, seed: 7},
        }),
      )
      expect(scattered.count).to.equal(3)
      // painted cells with an empty cell above: (12,0), (10,1), (13,1), (11,2), (12,2)
      expect(scattered.surface_cells).to.equal(5)
      const surface = ['12,0', '10,1', '13,1', '11,2', '12,2']
      for (const p of scattered.placed) expect(surface).to.include(String(p.cell))
      expect(new Set(scattered.placed.map((p: Json) => String(p.cell))).size).to.equal(3)
      const first = scattered.placed[0]
      const [cx, cy] = first.cell
      expect(first.position).to.deep.equal([cx * 16 + 8, cy * 16]) // the top middle of its cell
      const again = toolJson(
        await http.callTool({
          name: 'level_scatter',
          arguments: {node_path: 'Ground', scene: 'res://scenes/coin.tscn', count: 3, seed: 7},
        }),
      )
      expect(again.placed.map((p: Json) => p.cell)).to.deep.equal(scattered.placed.map((p: Json) => p.cell))
      const tree = JSON.stringify(await call('scene.tree'))
      expect(tree).to.include('Scattered1')
      await w.undo('level.scatter')
      await w.undo('level.scatter')
      await w.undo('level.paint_text')
      expect(JSON.stringify(await call('scene.tree'))).to.not.include('Scattered1')
      expect(await cells()).to.deep.equal([])
    } finally {
      await session.close()
    }
  })

  it('bridge level uninstall removes the commands live; the pack uninstalls, links and uninstalls again', async () => {
    const result = await home.cli(['level', 'uninstall', '--project', fx.editor.root, '--json'])
    expect(result.code, result.stderr).to.equal(0)
    expect(parseJson<Json>(result).files[0]).to.include({status: 'removed'})
    expect(existsSync(join(fx.editor.root, 'bridge_commands', 'level.gd'))).to.equal(false)
    await waitFor('level.* gone', async () => (await levelMethods()).length === 0)
    await home.uninstall('bridge-plugin-level')
    expect((await home.cli(['--help'])).stdout).to.not.match(/^\s+level\s/m)
    expect(await home.complete('level')).to.deep.equal([])
    await home.install('level', 'link')
    expect((await home.cli(['--help'])).stdout).to.match(/^\s+level\s+Levels from text/m)
    expect(await home.complete('level')).to.include.members(['install', 'uninstall'])
    await home.uninstall('bridge-plugin-level')
    expect((await home.cli(['--help'])).stdout).to.not.match(/^\s+level\s/m)
  })

  it('refuses to install outside the project: a bridge_commands link that leads elsewhere', async () => {
    await home.install('level', 'link')
    try {
      const outside = mkdtempSync(join(tmpdir(), 'bridge-outside-'))
      rmSync(join(fx.editor.root, 'bridge_commands'), {recursive: true, force: true})
      symlinkSync(outside, join(fx.editor.root, 'bridge_commands'), 'dir')
      const result = await home.cli(['level', 'install', '--project', fx.editor.root])
      expect(result.code).to.equal(2)
      expect(result.stderr).to.include('leads outside the project')
      expect(existsSync(join(outside, 'level.gd'))).to.equal(false)
      rmSync(join(fx.editor.root, 'bridge_commands'))
      rmSync(outside, {recursive: true, force: true})
    } finally {
      await home.uninstall('bridge-plugin-level')
    }
  })
})

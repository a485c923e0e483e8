// From nothing to a driven game, as a new user types it: `bridge create` in an empty folder, `bridge launch`
// (headless, with its own engine ports and XDG dirs as the harness isolates editors), play, drive input, read
// the game back, stop. And a refusal of a folder that already holds a project changes nothing.
import {expect} from 'chai'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {parseJson, runCli} from '../../support/cli.js'
import {childPids, waitForExit} from '../../support/editor.js'

/** Every file under `dir` with its size and mtime: what a refusal must leave exactly as it was. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry)
      const s = statSync(p)
      if (s.isDirectory()) walk(p)
      else out[relative(dir, p)] = `${s.size}:${s.mtimeMs}`
    }
  }
  walk(dir)
  return out
}

describe('bridge create: a new project, launched, played and driven (real editor)', function () {
  this.timeout(180_000)
  let base: string
  let env: NodeJS.ProcessEnv
  let editorPid = 0
  let gamePid = 0
  const ports = 47000 + Math.floor(Math.random() * 2000) * 3

  before(() => {
    base = mkdtempSync(join(tmpdir(), 'bridge-create-'))
    env = {XDG_CONFIG_HOME: join(base, 'c'), XDG_DATA_HOME: join(base, 'd'), XDG_CACHE_HOME: join(base, 'k')}
  })
  after(async function () {
    this.timeout(30_000)
    if (editorPid && pidAlive(editorPid)) {
      const games = childPids(editorPid)
      await runCli(['editor', 'quit', '--project', join(base, 'game')], {env})
      if (!(await waitForExit(editorPid, 10_000))) process.kill(editorPid, 'SIGKILL')
      for (const g of games) if (pidAlive(g)) process.kill(g, 'SIGKILL')
    }
    if (gamePid && pidAlive(gamePid)) process.kill(gamePid, 'SIGKILL')
    rmSync(base, {recursive: true, force: true})
  })

  it('create makes a 2D project with a main scene and the addon enabled, in a folder that did not exist', async () => {
    const result = await runCli(['create', 'game', '--json'], {cwd: base, env})
    expect(result.code, result.stderr).to.equal(0)
    const out = parseJson(result)
    expect(out).to.include({dimension: '2d', name: 'game', main_scene: 'res://main.tscn'})
    const project = readFileSync(join(base, 'game', 'project.godot'), 'utf8')
    expect(project).to.include('run/main_scene="res://main.tscn"')
    expect(project).to.include('enabled=PackedStringArray("res://addons/bridge/plugin.cfg")')
    expect(project).to.include('MCPGameInspector="*res://addons/bridge/game/inspector.gd"')
    const scene = readFileSync(join(base, 'game', 'main.tscn'), 'utf8')
    expect(scene).to.include('type="Camera2D"').and.include('type="StaticBody2D"')
    expect(existsSync(join(base, 'game', 'addons', 'bridge', 'plugin.cfg'))).to.equal(true)
  })

  it('create --3d puts a camera, a light and a floor in the main scene', async () => {
    const result = await runCli(['create', join(base, 'world'), '--3d', '--name', 'My World', '--json'], {env})
    expect(result.code, result.stderr).to.equal(0)
    const scene = readFileSync(join(base, 'world', 'main.tscn'), 'utf8')
    for (const type of ['Camera3D', 'DirectionalLight3D', 'StaticBody3D', 'CollisionShape3D'])
      expect(scene).to.include(`type="${type}"`)
    expect(readFileSync(join(base, 'world', 'project.godot'), 'utf8')).to.include('config/name="My World"')
  })

  it('refuses a folder that already holds a project, or any file it would write, and changes nothing', async () => {
    const before = snapshot(join(base, 'game'))
    const again = await runCli(['create', join(base, 'game'), '--3d'], {env})
    expect(again.code).to.equal(2)
    expect(again.stderr).to.include('already holds a Godot project').and.include('nothing was changed')
    expect(snapshot(join(base, 'game'))).to.deep.equal(before)

    const busy = join(base, 'busy')
    mkdirSync(busy)
    writeFileSync(join(busy, 'main.tscn'), 'mine')
    const refused = await runCli(['create', busy], {env})
    expect(refused.code).to.equal(2)
    expect(refused.stderr).to.include('main.tscn')
    expect(readdirSync(busy)).to.deep.equal(['main.tscn'])
    expect(readFileSync(join(busy, 'main.tscn'), 'utf8')).to.equal('mine')

    const inside = await runCli(['create', join(base, 'game', 'sub')], {env})
    expect(inside.code).to.equal(2)
    expect(inside.stderr).to.include('inside another one')
    expect(existsSync(join(base, 'game', 'sub'))).to.equal(false)
  })

  it('launches the new project, plays it, drives input and reads the game back, then stops', async () => {
    const cwd = join(base, 'game')
    const engine = [
      '--lsp-port',
      `${ports}`,
      '--dap-port',
      `${ports + 1}`,
      '--debug-server',
      `tcp://127.0.0.1:${ports + 2}`,
    ]
    const launch = await runCli(['launch', '--headless', '--timeout', '150000', '--json', '--', ...engine], {
      cwd,
      env,
      timeoutMs: 160_000,
    })
    expect(launch.code, launch.stderr).to.equal(0)
    editorPid = parseJson<{pid: number}>(launch).pid

    const play = await runCli(['scene', 'play', '--display', 'headless', '--json'], {cwd, env})
    expect(play.code, play.stderr).to.equal(0)
    const played = parseJson<{pid: number; scene: string; playing: boolean}>(play)
    gamePid = played.pid
    expect(played).to.include({scene: 'res://main.tscn', playing: true})

    const tree = parseJson<{current_scene: string; root: {children: {name: string; children?: {name: string}[]}[]}}>(
      await runCli(['runtime', 'tree', '--json'], {cwd, env}),
    )
    expect(tree.current_scene).to.equal('/root/Main')
    const main = tree.root.children.find((c) => c.name === 'Main')
    expect(main?.children?.map((c) => c.name)).to.include.members(['Camera2D', 'Floor'])

    const isPressed = async () =>
      parseJson<{result: boolean}>(
        await runCli(['runtime', 'eval', '--code', 'return Input.is_action_pressed("ui_right")', '--json'], {cwd, env}),
      ).result
    expect(await isPressed()).to.equal(false)
    const press = await runCli(['input', 'action', '--action', 'ui_right', '--pressed', '--json'], {cwd, env})
    expect(press.code, press.stderr).to.equal(0)
    expect(await isPressed(), 'the game holds the action the CLI pressed').to.equal(true)
    const release = await runCli(['input', 'action', '--action', 'ui_right', '--no-pressed', '--json'], {cwd, env})
    expect(release.code, release.stderr).to.equal(0)
    expect(await isPressed()).to.equal(false)

    const stop = await runCli(['scene', 'stop', '--json'], {cwd, env})
    expect(stop.code, stop.stderr).to.equal(0)
    expect(parseJson(stop)).to.include({stopped: true, was_playing: true})
    expect(await waitForExit(gamePid, 10_000), 'the game process ended').to.equal(true)
  })
})

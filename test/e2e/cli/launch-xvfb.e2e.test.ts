// `bridge launch --xvfb` on a machine without a display (DISPLAY unset): the editor comes up on the private
// Xvfb with a real renderer, so the editor's viewport and the game it plays give real frames (decoded and
// checked: more than one colour, the game says it renders); quitting the editor ends the Xvfb too.
import {expect} from 'chai'
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {parseJson, runCli} from '../../support/cli.js'
import {childPids, DEMO_PROJECT, waitForExit} from '../../support/editor.js'
import type {Json} from '../../support/json.js'
import {decodePng, type Png} from '../../support/png.js'
import {xvfbRoot} from '../../support/xvfb.js'

const RED_SCENE = `[gd_scene format=3]

[node name="Flat" type="Node2D"]

[node name="Red" type="ColorRect" parent="."]
offset_right = 100.0
offset_bottom = 100.0
color = Color(1, 0, 0, 1)
`

/** How many distinct colours a coarse grid of the image holds (a blank frame has one). */
function colours(png: Png): number {
  const seen = new Set<string>()
  for (let y = 0; y < png.height; y += Math.max(1, Math.floor(png.height / 20)))
    for (let x = 0; x < png.width; x += Math.max(1, Math.floor(png.width / 20))) seen.add(png.rgb(x, y).join())
  return seen.size
}

;(xvfbRoot() ? describe : describe.skip)('bridge launch --xvfb (real editor, no display)', function () {
  this.timeout(180_000)
  let base: string
  let project: string
  let env: NodeJS.ProcessEnv
  let launched: Json = {}
  const cli = (args: string[], timeoutMs = 60_000) => runCli([...args, '--project', project], {env, timeoutMs})

  before(() => {
    base = mkdtempSync(join(tmpdir(), 'bridge-launch-xvfb-'))
    project = join(base, 'game')
    cpSync(DEMO_PROJECT, project, {recursive: true})
    copyAddon(project)
    enablePlugin(project)
    writeFileSync(join(project, 'scenes', 'red.tscn'), RED_SCENE)
    env = {
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
      XDG_CONFIG_HOME: join(base, 'c'),
      XDG_DATA_HOME: join(base, 'd'),
      XDG_CACHE_HOME: join(base, 'k'),
    }
  })
  after(async () => {
    const {pid, xvfb_pid: xpid} = launched
    if (pid && pidAlive(pid)) {
      const games = childPids(pid)
      await cli(['editor', 'quit']).catch(() => {})
      if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL')
      for (const g of games) if (pidAlive(g)) process.kill(g, 'SIGKILL')
    }
    if (xpid && pidAlive(xpid)) process.kill(xpid, 'SIGKILL')
    rmSync(base, {recursive: true, force: true})
  })

  it('starts the editor on a private Xvfb: it renders, and so does the game it plays', async () => {
    const result = await cli(['launch', '--xvfb', '--timeout', '150000', '--json'], 170_000)
    expect(result.code, result.stderr + result.stdout).to.equal(0)
    launched = parseJson<Json>(result)
    expect(launched.verdict).to.equal('running')
    expect(launched.display).to.match(/^:\d+$/)
    expect(pidAlive(launched.xvfb_pid)).to.equal(true)

    expect((await cli(['scene', 'open', '--path', 'res://scenes/red.tscn'])).code).to.equal(0)
    const file = join(base, 'editor.png')
    const shot = await cli(['editor', 'screenshot', '--focus', '["Red"]', '--out', file, '--json'])
    expect(shot.code, shot.stderr + shot.stdout).to.equal(0)
    expect(parseJson<Json>(shot).file).to.equal(file)
    const editorFrame = decodePng(readFileSync(file))
    const [r, g, b] = editorFrame.rgb(editorFrame.width >> 1, editorFrame.height >> 1)
    expect(r > 200 && g < 60 && b < 60, `the red rect in the centre of the editor view: ${[r, g, b]}`).to.equal(true)
    expect(colours(editorFrame), 'and the editor canvas around it').to.be.above(1)

    const play = parseJson<Json>(await cli(['scene', 'play', '--json'], 90_000))
    expect(play).to.include({playing: true, renders: true, display_server: 'X11'})
    const gameFile = join(base, 'game.png')
    const frame = await cli(['runtime', 'screenshot', '--out', gameFile, '--json'])
    expect(frame.code, frame.stderr + frame.stdout).to.equal(0)
    expect(parseJson<Json>(frame).warning, 'not a one-colour frame').to.equal(undefined)
    expect(colours(decodePng(readFileSync(gameFile)))).to.be.above(1)
    await cli(['scene', 'stop', '--json'])
  })

  it('quitting the editor ends its Xvfb', async () => {
    expect(launched.pid, 'launched by the test above').to.be.a('number')
    await cli(['editor', 'quit', '--json'])
    expect(await waitForExit(launched.pid, 20_000), 'the editor exited').to.equal(true)
    expect(await waitForExit(launched.xvfb_pid, 10_000), 'the Xvfb exited with it').to.equal(true)
  })
})

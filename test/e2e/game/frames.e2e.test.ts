// Real frames from the running game: the editor runs --headless under a private Xvfb, so the game it plays
// gets a real renderer (Mesa llvmpipe). A scene of known colours is captured and its pixels checked; frames
// come back as PNGs, as MCP image content on the HTTP endpoint, and saved under user://. Every game stopped.
import {expect} from 'chai'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {decodePng} from '../../support/png.js'

// 640×360 (the demo's viewport): left half red, right half blue, a green square in the middle
const COLORS_SCENE = `[gd_scene format=3]

[node name="Colors" type="Node2D"]

[node name="Red" type="ColorRect" parent="."]
offset_right = 320.0
offset_bottom = 360.0
color = Color(1, 0, 0, 1)

[node name="Blue" type="ColorRect" parent="."]
offset_left = 320.0
offset_right = 640.0
offset_bottom = 360.0
color = Color(0, 0, 1, 1)

[node name="Green" type="ColorRect" parent="."]
offset_left = 300.0
offset_top = 160.0
offset_right = 340.0
offset_bottom = 200.0
color = Color(0, 1, 0, 1)
`

function expectColor(actual: [number, number, number], expected: [number, number, number], where: string): void {
  for (let i = 0; i < 3; i++)
    expect(Math.abs(actual[i] - expected[i]), `${where}: ${actual} vs ${expected}`).to.be.below(8)
}

describe('frames from the running game (editor under Xvfb, game with a renderer)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    pristine: false,
    xvfb: true,
  })
  let pid = 0
  const {call} = fx

  before(async () => {
    writeFileSync(join(fx.editor.root, 'scenes', 'colors.tscn'), COLORS_SCENE)
  })
  after(() => {
    // the fixture stopped the editor (and the games it started) already; a game it lost track of goes by pid
    if (pid && pidAlive(pid)) process.kill(pid, 'SIGKILL')
  })

  it('plays a scene with a real renderer', async () => {
    const out = await call('scene.play', {scene: 'res://scenes/colors.tscn'})
    pid = out.pid
    expect(out).to.include({renders: true, display_server: 'X11'})
    expect(out.args).to.not.include('--headless')
  })

  it('captures frames whose pixels are the scene colours, each drawn after the request', async () => {
    const t0 = performance.now()
    const out = await call('runtime.capture_frames', {count: 4, interval_frames: 2})
    const wall = performance.now() - t0
    expect(out.count).to.equal(4)
    const frames: Json[] = out.frames
    for (const f of frames) {
      expect(f).to.include({mime_type: 'image/png', width: 640, height: 360})
      expect(f).to.not.have.property('warning')
      const png = decodePng(Buffer.from(f.image_base64, 'base64'))
      expect([png.width, png.height]).to.deep.equal([640, 360])
      expectColor(png.rgb(100, 100), [255, 0, 0], 'left half')
      expectColor(png.rgb(540, 300), [0, 0, 255], 'right half')
      expectColor(png.rgb(320, 180), [0, 255, 0], 'centre')
    }
    for (let i = 1; i < frames.length; i++) expect(frames[i].frame - frames[i - 1].frame).to.equal(2)
    console.log(
      `      capture_frames: 4 frames 640x360 in ${wall.toFixed(0)} ms round trip (${(out.capture_usec / 4000).toFixed(1)} ms per captured frame in the game, 2 drawn frames apart, PNG encoding excluded)`,
    )
  })

  it('takes a half-size screenshot and saves it under user://', async () => {
    const out = await call('runtime.screenshot', {scale: 0.5, path: 'user://shots/colors.png'})
    expect(out).to.include({width: 320, height: 180, saved: 'user://shots/colors.png'})
    const png = decodePng(Buffer.from(out.image_base64, 'base64'))
    expectColor(png.rgb(50, 50), [255, 0, 0], 'left half')
    expectColor(png.rgb(270, 150), [0, 0, 255], 'right half')
    const file = join(fx.editor.home, 'data', 'godot', 'app_userdata', 'Bridge Demo', 'shots', 'colors.png')
    expect(existsSync(file)).to.equal(true)
    expect(decodePng(readFileSync(file)).width).to.equal(320)
    const refused = await fx.rpcError('runtime.screenshot', {path: 'res://../outside.png'})
    expect(refused.rpcCode).to.equal(-32003)
  })

  it('flags a frame that is all one colour instead of passing it off', async () => {
    await call('runtime.eval', {
      code: 'var layer = CanvasLayer.new()\nlayer.name = "Blackout"\nvar r = ColorRect.new()\nr.color = Color.BLACK\nr.size = Vector2(4000, 4000)\nlayer.add_child(r)\nroot.add_child(layer)',
    })
    const out = await call('runtime.capture_frames', {count: 2})
    expect(out.frames[0].uniform_color).to.deep.equal([0, 0, 0, 1])
    expect(out.frames[0].warning).to.include('black')
    expect(out.frames[1].same_as_previous).to.equal(true)
    await call('runtime.eval', {code: 'root.get_node("Blackout").free()'})
  })

  it('returns frames as MCP image content on the HTTP endpoint', async () => {
    const client = await fx.mcpHttp('frames-e2e')
    try {
      const result = (await client.callTool({
        name: 'runtime_capture_frames',
        arguments: {count: 2, scale: 0.25},
      })) as Json
      expect(result.isError ?? false).to.equal(false)
      const [text, ...images] = result.content as Json[]
      expect(text.type).to.equal('text')
      const json = result.structuredContent ?? JSON.parse(text.text)
      expect(json.frames[0].image_base64).to.match(/^<image 1: image\/png, \d+ bytes, attached as image content>$/)
      expect(images.map((i) => [i.type, i.mimeType])).to.deep.equal([
        ['image', 'image/png'],
        ['image', 'image/png'],
      ])
      const png = decodePng(Buffer.from(images[1].data, 'base64'))
      expect([png.width, png.height]).to.deep.equal([160, 90])
      expectColor(png.rgb(20, 20), [255, 0, 0], 'left half')
    } finally {
      await client.close()
    }
  })

  it('stops the game', async () => {
    expect(await call('scene.stop')).to.include({stopped: true, pid})
    expect(pidAlive(pid)).to.equal(false)
  })
})

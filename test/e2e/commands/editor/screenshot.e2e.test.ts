// editor.screenshot against a real editor with a renderer (not --headless) on the private Xvfb: the 3D view
// aimed at a red box shows red in its centre, the 2D view centred on a red rect likewise; the result matches
// its declared shape, comes back as MCP image content on the HTTP endpoint, and `bridge editor screenshot
// --out FILE.png` writes exactly that file. Pixels are decoded and checked, never just sizes.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {Ajv} from 'ajv'
import {expect} from 'chai'
import {existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseJson, runCli} from '../../../support/cli.js'
import {type Json, useEditor} from '../../../support/fixture.js'
import {decodePng, type Png} from '../../../support/png.js'
import {xvfbRoot} from '../../../support/xvfb.js'

// an unshaded red box away from where the editor's camera starts, so only an aimed view has it in the centre
const BOX_SCENE = `[gd_scene load_steps=3 format=3]

[sub_resource type="StandardMaterial3D" id="1"]
shading_mode = 0
albedo_color = Color(1, 0, 0, 1)

[sub_resource type="BoxMesh" id="2"]
material = SubResource("1")

[node name="Space" type="Node3D"]

[node name="Target" type="MeshInstance3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 30, 4, -40)
mesh = SubResource("2")
`

const RECT_SCENE = `[gd_scene format=3]

[node name="Flat" type="Node2D"]

[node name="Target" type="ColorRect" parent="."]
offset_left = 3000.0
offset_top = 2000.0
offset_right = 3100.0
offset_bottom = 2100.0
color = Color(1, 0, 0, 1)
`

const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60
const centre = (png: Png) => png.rgb(Math.floor(png.width / 2), Math.floor(png.height / 2))

;(xvfbRoot() ? describe : describe.skip)('editor.screenshot (real editor with a renderer, under Xvfb)', function () {
  this.timeout(180_000)
  const f = useEditor({
    pristine: false,
    xvfb: true,
    headless: false,
    async setup(fx) {
      writeFileSync(join(fx.editor.root, 'scenes', 'box_3d.tscn'), BOX_SCENE)
      writeFileSync(join(fx.editor.root, 'scenes', 'rect_2d.tscn'), RECT_SCENE)
      await fx.call('project.scan')
    },
  })

  it('aims the 3D editor camera at a node and captures it: red in the centre; the result has its declared shape', async () => {
    await f.call('scene.open', {path: 'res://scenes/box_3d.tscn'})
    const out = await f.call('editor.screenshot', {viewport: 'auto', focus: ['Target']})
    expect(out).to.include({viewport: '3d', mime_type: 'image/png'})
    expect(out.focused).to.deep.equal(['/root/Space/Target'])
    expect(out.camera.target).to.deep.equal([30, 4, -40])
    const png = decodePng(Buffer.from(out.image_base64, 'base64'))
    expect([png.width, png.height]).to.deep.equal([out.width, out.height])
    expect(isRed(centre(png)), `centre ${centre(png)}`).to.equal(true)
    expect(isRed(png.rgb(2, 2)), 'a corner shows the world around it').to.equal(false)
    const {commands} = await f.call('engine.commands', {group: 'editor'})
    const doc = (commands as Json[]).find((c) => c.method === 'editor.screenshot')!
    const validate = new Ajv({strict: false}).compile(doc.result_schema)
    expect(validate(out), JSON.stringify(validate.errors)).to.equal(true)
  })

  it('centres the 2D view on a node and captures it; the canvas transform maps the node to the centre', async () => {
    await f.call('scene.open', {path: 'res://scenes/rect_2d.tscn'})
    const out = await f.call('editor.screenshot', {focus: ['Target'], path: 'user://shots/editor.png'})
    expect(out).to.include({viewport: '2d', saved: 'user://shots/editor.png'})
    const [xx, , , yy, ox, oy] = out.canvas_transform
    expect(xx * 3050 + ox).to.be.closeTo(out.width / 2, 1)
    expect(yy * 2050 + oy).to.be.closeTo(out.height / 2, 1)
    const png = decodePng(Buffer.from(out.image_base64, 'base64'))
    expect(isRed(centre(png)), `centre ${centre(png)}`).to.equal(true)
    expect(isRed(png.rgb(2, 2))).to.equal(false)
    await f.call('editor.screenshot', {focus: ['Target'], viewport: '3d'}).then(
      () => expect.fail('a 2D node cannot be aimed at in the 3D view'),
      (e: Error) => expect(e.message).to.include('only aim at 3D nodes'),
    )
  })

  it('returns the image as MCP image content on the HTTP endpoint', async () => {
    const client = new Client({name: 'editor-screenshot-e2e', version: '1.0.0'})
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${f.editor.discovery.http_port}/mcp`)),
    )
    try {
      const result = (await client.callTool({
        name: 'editor_screenshot',
        arguments: {viewport: '2d', focus: ['Target'], scale: 0.5},
      })) as Json
      expect(result.isError ?? false).to.equal(false)
      const [text, image] = result.content as Json[]
      expect(JSON.parse(text.text).image_base64).to.match(/attached as image content/)
      expect(image).to.include({type: 'image', mimeType: 'image/png'})
      expect(isRed(centre(decodePng(Buffer.from(image.data, 'base64'))))).to.equal(true)
    } finally {
      await client.close()
    }
  })

  it('bridge editor screenshot --out FILE.png writes that file (not a folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-shot-'))
    try {
      const file = join(dir, 'shot.png')
      const run = await runCli(
        [
          'editor',
          'screenshot',
          '--project',
          f.editor.root,
          '--viewport',
          '2d',
          '--focus',
          '["Target"]',
          '--out',
          file,
          '--json',
        ],
        {
          env: {
            ...f.xvfb?.env,
            XDG_CONFIG_HOME: join(f.editor.home, 'config'),
            XDG_DATA_HOME: join(f.editor.home, 'data'),
          },
        },
      )
      const out = parseJson<Json>(run)
      expect(out.file).to.equal(file)
      expect(existsSync(file) && statSync(file).isFile(), 'a file, not a folder').to.equal(true)
      expect(isRed(centre(decodePng(readFileSync(file))))).to.equal(true)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})

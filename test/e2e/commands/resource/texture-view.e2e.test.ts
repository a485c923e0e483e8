// resource.texture_view against a real headless editor: a known 4x1 sprite sheet (test/fixtures/textures) shown
// zoomed with its frame grid, the picture decoded and its grid lines found where the cells start, and the
// opaque bounds and extreme points of each frame compared with the shapes drawn into the sheet. Read both from
// an imported texture (a Sprite2D's, frames from the sprite) and from a file the editor does not import.
import {expect} from 'chai'
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {REPO_ROOT} from '../../../support/editor.js'
import {type Json, useEditor} from '../../../support/fixture.js'
import {decodePng} from '../../../support/png.js'

const SHEET = join(REPO_ROOT, 'test', 'fixtures', 'textures', 'sheet_4x1.png')
const MAGENTA: [number, number, number] = [255, 0, 255]

// what sheet_4x1.png holds (64 x 16, four 16 x 16 frames, transparent elsewhere): frame 0 a red triangle
// pointing up (tip at 7,2; base row 13 from x 2 to 12), frame 1 a green square 20..27 x 4..11, frame 2
// nothing, frame 3 a half-transparent blue bar 50..57 x 0..15 (alpha 100) and one opaque pixel at 60,8
const FRAMES_ANY_ALPHA = [
  {
    bounds: {x: 2, y: 2, width: 11, height: 12},
    extremes: {top: [7, 2], bottom: [7, 13], left: [2, 12], right: [12, 12]},
  },
  {
    bounds: {x: 20, y: 4, width: 8, height: 8},
    extremes: {top: [23, 4], bottom: [23, 11], left: [20, 7], right: [27, 7]},
  },
  {bounds: null, extremes: null},
  {
    bounds: {x: 50, y: 0, width: 11, height: 16},
    extremes: {top: [53, 0], bottom: [53, 15], left: [50, 7], right: [60, 8]},
  },
]

describe('resource.texture_view (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'resource',
    pristine: false,
    async setup(f) {
      mkdirSync(f.disk('res://art'), {recursive: true})
      copyFileSync(SHEET, f.disk('res://art/sheet_4x1.png'))
      // a folder the editor does not import: the command reads the file itself
      mkdirSync(f.disk('res://raw'), {recursive: true})
      writeFileSync(f.disk('res://raw/.gdignore'), '')
      copyFileSync(SHEET, f.disk('res://raw/sheet_4x1.png'))
      await f.call('project.scan')
      await f.call('scene.open', {path: 'res://scenes/main.tscn'})
    },
  })
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 60_000)
  const isLine = (png: ReturnType<typeof decodePng>, x: number) =>
    Array.from({length: png.height}, (_, y) => png.rgb(x, y)).every((c) => c.join() === MAGENTA.join())

  it('runs its declared example: a picture with a 2x2 grid and bounds', async () => {
    const doc = fx.commands.find((c) => c.method === 'resource.texture_view')!
    for (const step of doc.example_setup as {method: string; params: Json}[]) await call(step.method, step.params)
    const out = await call('resource.texture_view', fx.examples['resource.texture_view'])
    expect(out).to.deep.include({mime_type: 'image/png', zoom: 2, width: 128, height: 128})
    expect(out.grid).to.deep.include({hframes: 2, vframes: 2, cell_size: [32, 32]})
    expect(out.frames).to.have.length(4)
    // the disc (radius 24 about 32, 32), its antialiased rim included
    expect(out.bounds.width).to.be.within(48, 50)
    expect(out.extremes.top[0]).to.be.within(31, 32)
  })

  it("shows a Sprite2D's sheet zoomed with grid lines at each cell and each frame's opaque bounds and extremes", async () => {
    await call('scene2d.add_sprite', {
      texture: 'res://art/sheet_4x1.png',
      parent: '/root/Main',
      name: 'Sheet',
      hframes: 4,
    })
    const out = await call('resource.texture_view', {node_path: 'Sheet', zoom: 4})
    expect(out.texture).to.deep.include({node: '/root/Main/Sheet', size: [64, 16], class: 'CompressedTexture2D'})
    expect(out).to.deep.include({width: 256, height: 64, zoom: 4})
    expect(out.grid).to.deep.equal({hframes: 4, vframes: 1, cell_size: [16, 16], line_color: 'ff00ff'})
    const png = decodePng(Buffer.from(out.image_base64 as string, 'base64'))
    expect([png.width, png.height]).to.deep.equal([256, 64])
    // a line on the first pixel column of every cell and on the last column; none inside a cell
    for (const x of [0, 64, 128, 192, 255]) expect(isLine(png, x), `a grid line at x ${x}`).to.equal(true)
    for (const x of [1, 32, 63, 100, 200]) expect(isLine(png, x), `no grid line at x ${x}`).to.equal(false)
    // the triangle's tip, zoomed: texture pixel (7, 2) is red at (7*4+1, 2*4+1) in the picture
    expect(png.rgb(29, 9)).to.deep.equal([220, 40, 40])
    expect(out.frames.map((f: Json) => ({bounds: f.bounds, extremes: f.extremes}))).to.deep.equal(FRAMES_ANY_ALPHA)
    expect(out.frames.map((f: Json) => f.rect.x)).to.deep.equal([0, 16, 32, 48])
    expect(out.bounds).to.deep.equal({x: 2, y: 0, width: 59, height: 16})
    await call('node.remove', {node_path: 'Sheet'})
  })

  it('reads a file the editor does not import, with a cell size, a region and an alpha threshold', async () => {
    const out = await call('resource.texture_view', {
      path: 'res://raw/sheet_4x1.png',
      region: [32, 0, 32, 16],
      cell_size: [16, 16],
      alpha_threshold: 0.5,
      zoom: 2,
    })
    expect(out.texture).to.deep.include({path: 'res://raw/sheet_4x1.png', read_from: 'source_file', size: [64, 16]})
    expect(out).to.deep.include({width: 64, height: 32})
    expect(out.region).to.deep.equal({x: 32, y: 0, width: 32, height: 16})
    // the half-transparent bar is below the threshold: only the one opaque pixel counts
    expect(out.bounds).to.deep.equal({x: 60, y: 8, width: 1, height: 1})
    expect(out.frames.map((f: Json) => f.opaque_pixels)).to.deep.equal([0, 1])
    expect(out.frames[1].extremes).to.deep.equal({top: [60, 8], bottom: [60, 8], left: [60, 8], right: [60, 8]})
  })

  it('shows the alpha channel as grey', async () => {
    const out = await call('resource.texture_view', {path: 'res://raw/sheet_4x1.png', show: 'alpha', zoom: 1})
    const png = decodePng(Buffer.from(out.image_base64 as string, 'base64'))
    expect(png.rgb(7, 2)).to.deep.equal([255, 255, 255])
    expect(png.rgb(0, 0)).to.deep.equal([0, 0, 0])
    expect(png.rgb(52, 3)).to.deep.equal([100, 100, 100])
  })

  it('refuses a region outside the texture, a grid given twice, and neither path nor node', async () => {
    const outside = await fx.rpcError('resource.texture_view', {path: 'res://raw/sheet_4x1.png', region: [60, 0, 8, 8]})
    expect(outside.message).to.match(/region \[60, 0, 8, 8\] is not inside the 64x16 texture/)
    const both = await fx.rpcError('resource.texture_view', {
      path: 'res://raw/sheet_4x1.png',
      hframes: 4,
      cell_size: [16, 16],
    })
    expect(both.message).to.match(/hframes\/vframes or cell_size, not both/)
    const neither = await fx.rpcError('resource.texture_view', {})
    expect(neither.message).to.match(/either path .* or node_path/)
  })
})

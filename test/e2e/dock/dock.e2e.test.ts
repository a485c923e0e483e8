// The editor's Bridge dock (addon/dock/) in a real editor with a window under the private Xvfb: it shows the
// server's ports and project, the connected client, the commands just run (errors too) and the audited
// code; its Configure button writes the client's config through the real `bridge configure`; and a screenshot
// of the editor shows the panel drawn.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {BRIDGE_BIN} from '../../support/cli.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {decodePng} from '../../support/png.js'

describe('the Bridge dock in the editor (real editor under Xvfb)', function () {
  this.timeout(180_000)
  // a window (headless: false) drawn on the private Xvfb; the dock's Configure runs this checkout's CLI
  const fx = useEditor({
    headless: false,
    pristine: false,
    xvfb: true,
    env: {BRIDGE_CLI: BRIDGE_BIN},
    setup: async () => {
      await inDock('server.plugin.make_bottom_panel_item_visible(dock)\nreturn true')
    },
  })
  const call = <T = Json>(method: string, params: Json = {}) => fx.call<T>(method, params)
  /** GDScript with `dock` (the BridgeDock) and `server` in scope; returns its result. */
  const inDock = async (code: string): Promise<any> => {
    const prelude = `var dock = EditorInterface.get_base_control().get_tree().root.find_child("BridgeDock", true, false)
var server = dock.server\n`
    return (await call('editor.run_script', {code: prelude + code, allow_unsafe_editor_io: true})).result
  }
  const shown = (): Promise<Json> => inDock('return dock.shown()')
  async function until(what: string, check: (s: Json) => boolean): Promise<Json> {
    const end = Date.now() + 30_000
    for (;;) {
      const s = await shown()
      if (check(s)) return s
      if (Date.now() > end) throw new Error(`the dock never showed ${what}: ${JSON.stringify(s, null, 1)}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }

  it('shows the ports, the project and the connected client', async () => {
    const s = await until('the status line', (x) => x.status !== '' && x.clients.length > 0)
    expect(s.status).to.include(`WebSocket on 127.0.0.1:${fx.editor.discovery.ws_port}`)
    expect(s.status).to.include(fx.editor.discovery.project_root)
    expect(
      s.clients.some((c: string) => /^ws {2}bridge {2}since \d/.test(c)),
      JSON.stringify(s.clients),
    ).to.equal(true)
  })

  it('lists the commands just run, newest first, with refusals as errors', async () => {
    await call('scene.tree')
    await call('node.get', {node_path: 'NoSuchNode', property: 'position'}).catch(() => {})
    const s = await until('node.get', (x) => x.activity.some((a: Json) => a.method === 'node.get'))
    const methods = s.activity.map((a: Json) => a.method)
    expect(methods.indexOf('node.get')).to.be.lessThan(methods.indexOf('scene.tree'))
    const refused = s.activity.find((a: Json) => a.method === 'node.get')
    expect(refused.result).to.match(/^error: .*NoSuchNode/)
    expect(refused.caller).to.match(/^ws/)
    expect(s.activity.find((a: Json) => a.method === 'scene.tree').result).to.equal('ok')
  })

  it('shows the code agents ran, from the audit trail', async () => {
    await call('editor.run_script', {code: 'return 40 + 2 # dock audit probe'})
    const s = await until('the audited body', (x) => x.audit.some((a: string) => a.includes('dock audit probe')))
    expect(s.audit.find((a: string) => a.includes('dock audit probe'))).to.match(/editor\.run_script/)
  })

  it('configures a client with the real bridge configure: the file it writes is the CLI’s', async () => {
    const s = await until('the clients bridge configure knows', (x) => x.configure_clients.length > 0)
    expect(s.configure_clients).to.include.members(['cursor', 'vscode', 'claude-desktop', 'claude-code'])
    expect(await inDock('return dock.press("configure", "cursor")')).to.equal(true)
    const done = await until('the configure result', (x) => /created|updated|unchanged|failed/.test(x.note))
    const file = join(fx.editor.root, '.cursor', 'mcp.json')
    expect(done.note).to.equal(`created ${file}`)
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written.mcpServers['godot-bridge'].args).to.include.members(['serve', '--project', fx.editor.root])
    // a second press changes nothing, as a second bridge configure would
    await inDock('return dock.press("configure", "cursor")')
    expect((await until('the second result', (x) => x.note.startsWith('unchanged'))).note).to.equal(`unchanged ${file}`)
    expect(existsSync(file)).to.equal(true)
  })

  it('is drawn in the editor window: a screenshot shows the panel with its error row in red', async () => {
    const shot = join(fx.editor.root, 'dock.png')
    await call('node.get', {node_path: 'NoSuchNode', property: 'position'}).catch(() => {})
    // no call in between: after the dock's own refresh (every 0.5 s) the refusal is its newest row, drawn in
    // the last frame; this script's own call is recorded only when it ends
    await new Promise((r) => setTimeout(r, 1500))
    const rect = await inDock(`var img: Image = dock.get_viewport().get_texture().get_image()
img.save_png("${shot}")
var r: Rect2 = dock.get_global_rect()
return [r.position.x, r.position.y, r.size.x, r.size.y]`)
    const [x, y, w, h] = rect as number[]
    expect(w, 'the dock has a size on screen').to.be.greaterThan(200)
    expect(h).to.be.greaterThan(100)
    const png = decodePng(readFileSync(shot))
    let reddish = 0
    for (let py = Math.floor(y); py < Math.min(png.height, y + h); py++)
      for (let px = Math.floor(x); px < Math.min(png.width, x + w); px++) {
        const [r, g, b] = png.rgb(px, py)
        if (r > 200 && g > 80 && g < 150 && b > 70 && b < 140) reddish++
      }
    expect(reddish, 'pixels of the red error text inside the dock').to.be.greaterThan(20)
  })
})

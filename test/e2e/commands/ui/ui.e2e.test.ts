// ui.*: every declared example against a real headless editor on the demo's UI scene — controls with anchor
// presets and container size flags, layout changes, focus wiring — each read back with ui.layout, undone with
// the editor's Undo and read back again; refusals change nothing.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('ui commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'ui',
    pristine: false,
    async setup({call}) {
      await call('scene.open', {path: 'res://scenes/ui.tscn'})
    },
  })
  const {call, undo, refused} = fx
  const layout = async (node_path: string) => (await call('ui.layout', {node_path})).controls[0]

  it('declares every ui command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members(['ui.add_control', 'ui.set_layout', 'ui.focus', 'ui.layout'])
  })

  it('ui.add_control adds a centred container sized to its minimum; children take size flags; undo removes them', async () => {
    const menu = await call('ui.add_control', fx.examples['ui.add_control'])
    expect(menu).to.deep.include({
      path: '/root/UI/Menu',
      type: 'VBoxContainer',
      preset: 'center',
      anchors: [0.5, 0.5, 0.5, 0.5],
      offsets: [-120, 0, 120, 0],
      min_size: [240, 0],
    })
    const play = await call('ui.add_control', {
      type: 'Button',
      parent: 'Menu',
      name: 'Play',
      text: 'Play',
      size_flags_h: 'expand_fill',
    })
    expect(play).to.deep.include({in_container: true, size_flags_h: 'expand_fill'})
    expect((await call('node.get', {node_path: 'Menu/Play', property: 'text'})).value).to.equal('Play')
    await undo('add Button')
    await undo('add VBoxContainer')
    await refused('ui.layout', {node_path: 'Menu'}, -32001)
    await call('ui.add_control', fx.examples['ui.add_control'])
    await call('ui.add_control', {type: 'Button', parent: 'Menu', name: 'Play', text: 'Play'})
    await refused('ui.add_control', {type: 'Button', parent: 'Menu', preset: 'center'}, -32602, 'inside the container')
    await refused('ui.add_control', {type: 'Sprite2D'}, -32602, 'not a Control class')
    await refused('ui.add_control', {type: 'ColorRect', text: 'hi'}, -32602, 'has no text')
    await refused(
      'ui.add_control',
      {type: 'Label', properties: {horizontal_alignment: 'middle'}},
      -32602,
      'horizontal_alignment',
    )
  })

  it("anchor presets set the grow direction as the editor's layout menu does: away from the anchored edges", async () => {
    // what the engine's own layout preset (the inspector's anchors_preset) gives each preset
    const engine = (
      await call('editor.run_script', {
        code: `var names = ["top_left", "top_right", "bottom_left", "bottom_right", "center_left", "center_top", "center_right",
	"center_bottom", "center", "left_wide", "top_wide", "right_wide", "bottom_wide", "vcenter_wide", "hcenter_wide", "full_rect"]
var grow = ["begin", "end", "both"]
var out = {}
for i in names.size():
	var c = Control.new()
	c.set("layout_mode", 1)
	c.set("anchors_preset", i)
	out[names[i]] = [grow[c.grow_horizontal], grow[c.grow_vertical]]
	c.free()
return out`,
      })
    ).result as Record<string, string[]>
    expect(engine.top_right).to.deep.equal(['begin', 'end'])
    for (const [preset, grow] of Object.entries(engine)) {
      const added = await call('ui.add_control', {type: 'Button', name: 'Corner', text: 'Go', preset, margin: 8})
      expect(added.grow, preset).to.deep.equal(grow)
      await undo('add Button')
    }
    // a control anchored top right that gets wider grows to the left and stays inside the screen
    await call('ui.add_control', {type: 'Button', name: 'Corner', text: 'Go', preset: 'top_right', margin: 8})
    const narrow = (await call('ui.layout', {node_path: 'Corner'})).controls[0]
    await call('node.set', {node_path: 'Corner', property: 'custom_minimum_size', value: [300, 0]})
    const right = (c: Json) => c.position[0] + c.size[0]
    let wide = narrow
    // the engine applies a new minimum size a frame later (deferred): read until the width changed
    for (let i = 0; i < 50 && wide.size[0] === narrow.size[0]; i++) {
      await new Promise((r) => setTimeout(r, 50))
      wide = (await call('ui.layout', {node_path: 'Corner'})).controls[0]
    }
    expect(wide.size[0]).to.equal(300)
    expect(right(wide), 'the right edge stays where the preset put it').to.be.closeTo(right(narrow), 0.01)
    expect(wide.position[0], 'the left edge moves left').to.be.below(narrow.position[0])
    await undo('set Corner.custom_minimum_size')
    await undo('add Button')
  })

  it('ui.set_layout applies an anchor preset with a margin; undo restores anchors and offsets', async () => {
    const before = await layout('Title')
    const out = await call('ui.set_layout', fx.examples['ui.set_layout'])
    expect(out).to.deep.include({preset: 'top_wide', anchors: [0, 0, 1, 0]})
    expect(out.offsets.slice(0, 3)).to.deep.equal([16, 16, -16])
    expect((await call('node.get', {node_path: 'Title', property: 'layout_mode'})).value).to.equal(1)
    await undo('layout Title')
    expect(await layout('Title')).to.deep.equal(before)
    await call('ui.set_layout', {node_path: 'Menu/Play', size_flags_h: 'shrink_center', min_size: [120, 40]})
    expect(await layout('Menu/Play')).to.deep.include({size_flags_h: 'shrink_center', min_size: [120, 40]})
    await undo('layout Play')
    await refused('ui.set_layout', {node_path: 'Title'}, -32602, 'give something to change')
    await refused('ui.set_layout', {node_path: 'Menu/Play', position: [1, 2]}, -32602, 'inside the container')
  })

  it('ui.focus chains controls with wrap, or sets one control; undo clears the wiring', async () => {
    const out = await call('ui.focus', fx.examples['ui.focus'])
    expect(out.controls).to.have.length(2)
    const start = await layout('StartButton')
    expect(start.focus_mode).to.equal('all')
    expect(start.focus).to.deep.equal({
      top: '/root/UI/Menu/Play',
      bottom: '/root/UI/Menu/Play',
      next: '/root/UI/Menu/Play',
      previous: '/root/UI/Menu/Play',
    })
    await undo('focus wiring')
    expect(await layout('StartButton')).to.not.have.property('focus')
    await call('ui.focus', {node_path: 'StartButton', neighbors: {right: 'Menu/Play'}, focus_mode: 'click'})
    expect(await layout('StartButton')).to.deep.include({focus_mode: 'click', focus: {right: '/root/UI/Menu/Play'}})
    await undo('focus wiring')
    await refused('ui.focus', {chain: ['StartButton']}, -32602, 'at least two')
    await refused('ui.focus', {chain: ['StartButton', 'Nope']}, -32001, "'Nope'")
    await refused('ui.focus', {node_path: 'StartButton', neighbors: {up: 'Title'}}, -32602, 'neighbors keys')
  })

  it('ui.layout reads the whole screen', async () => {
    const out = await call('ui.layout', fx.examples['ui.layout'])
    expect(out.controls.map((c: Json) => c.path)).to.include.members([
      '/root/UI',
      '/root/UI/Title',
      '/root/UI/Menu/Play',
    ])
    expect(out.controls[0]).to.deep.include({path: '/root/UI', preset: 'full_rect'})
  })
})

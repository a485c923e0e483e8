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

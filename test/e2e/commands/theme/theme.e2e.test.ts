// theme.*: every declared example against a real headless editor — a Theme file created and filled (read
// back from the editor and from disk), assigned to the UI scene's root, overridden on one control — scene
// changes undone with the editor's Undo and read back; refusals change nothing.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {useEditor} from '../../../support/fixture.js'

describe('theme commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'theme',
    pristine: false,
    async setup({call}) {
      await call('scene.open', {path: 'res://scenes/ui.tscn'})
    },
  })
  const {call, undo, refused} = fx
  const THEME = 'res://ui/game_theme.tres'
  const effective = async (node_path: string, kind: string, name: string) =>
    (await call('theme.inspect', {node_path, items: [{kind, name}]})).effective[0].value

  it('declares every theme command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'theme.create',
      'theme.set_items',
      'theme.get',
      'theme.assign',
      'theme.override',
      'theme.inspect',
    ])
  })

  it('theme.create writes a Theme; theme.set_items fills it; theme.get reads every item back', async () => {
    expect(await call('theme.create', fx.examples['theme.create'])).to.deep.include({
      path: THEME,
      default_font_size: 18,
      types: {},
    })
    const out = await call('theme.set_items', fx.examples['theme.set_items'])
    expect(out.changed).to.equal(4)
    const read = await call('theme.get', fx.examples['theme.get'])
    expect(Object.keys(read.types)).to.have.members(['Button', 'Label', 'VBoxContainer'])
    expect(read.types.Button.stylebox.normal).to.deep.include({class: 'StyleBoxFlat', corner_radius: [6, 6, 6, 6]})
    expect(read.types.Label.font_size).to.deep.equal({font_size: 22})
    expect(read.types.VBoxContainer.constant).to.deep.equal({separation: 12})
    const text = readFileSync(join(fx.editor.root, 'ui', 'game_theme.tres'), 'utf8')
    expect(text).to.include('Button/colors/font_color').and.include('Label/font_sizes/font_size = 22')
    // value null removes an item; every item is checked before any is written
    await call('theme.set_items', {
      path: THEME,
      items: [{type: 'Label', kind: 'font_size', name: 'font_size', value: null}],
    })
    expect((await call('theme.get', {path: THEME})).types).to.not.have.property('Label')
    await call('theme.set_items', fx.examples['theme.set_items'])
    await refused(
      'theme.set_items',
      {path: THEME, items: [{type: 'Label', kind: 'colour', name: 'x', value: 1}]},
      -32602,
      'kind one of',
    )
    await refused(
      'theme.set_items',
      {
        path: THEME,
        items: [
          {type: 'Label', kind: 'font_size', name: 'font_size', value: 9},
          {type: 'Label', kind: 'color', name: 'font_color', value: 'blurple'},
        ],
      },
      -32602,
      'expects Color',
    )
    expect((await call('theme.get', {path: THEME, type: 'Label'})).types.Label.font_size.font_size).to.equal(22)
    await refused('theme.create', fx.examples['theme.create'], -32000, 'already exists')
  })

  it('theme.assign styles the screen; theme.inspect resolves items through it; undo clears it', async () => {
    const before = await effective('StartButton', 'color', 'font_color')
    expect(await call('theme.assign', fx.examples['theme.assign'])).to.deep.equal({
      path: '/root/UI',
      theme: THEME,
      undoable: true,
      saved: false,
    })
    const inspected = await call('theme.inspect', {
      node_path: 'StartButton',
      items: [{kind: 'color', name: 'font_color'}],
    })
    expect(inspected.theme_from).to.equal('/root/UI')
    expect(inspected.effective[0].value[0]).to.be.closeTo(0xf0 / 255, 1e-6)
    expect(await effective('Title', 'font_size', 'font_size')).to.equal(22)
    await undo('assign theme to UI')
    expect(await effective('StartButton', 'color', 'font_color')).to.deep.equal(before)
    await call('theme.assign', fx.examples['theme.assign'])
    await refused(
      'theme.assign',
      {node_path: '/root/UI', theme: 'res://scenes/main.tscn'},
      -32602,
      "'theme' expects a Theme",
    )
  })

  it('theme.override sets and removes one item on one control; undo reverts', async () => {
    const out = await call('theme.override', fx.examples['theme.override'])
    expect(out).to.deep.include({overridden: true, value: [1, 0.800000011920929, 0, 1]})
    const inspected = await call('theme.inspect', fx.examples['theme.inspect'])
    expect(inspected.overrides).to.deep.equal({color: {font_color: [1, 0.800000011920929, 0, 1]}})
    expect(inspected.effective[0].value).to.deep.equal([1, 0.800000011920929, 0, 1])
    await undo('override color font_color on Title')
    expect((await call('theme.inspect', {node_path: 'Title'})).overrides).to.deep.equal({})
    await call('theme.override', {
      node_path: 'StartButton',
      kind: 'stylebox',
      name: 'hover',
      value: {bg_color: '#446688', border_width: 2},
    })
    expect(
      (await call('theme.inspect', {node_path: 'StartButton'})).overrides.stylebox.hover.border_width,
    ).to.deep.equal([2, 2, 2, 2])
    await call('theme.override', {node_path: 'StartButton', kind: 'stylebox', name: 'hover'})
    expect((await call('theme.inspect', {node_path: 'StartButton'})).overrides).to.deep.equal({})
    await undo('override stylebox hover on StartButton')
    await undo('override stylebox hover on StartButton')
    await refused(
      'theme.override',
      {node_path: 'Title', kind: 'color', name: 'font_colour', value: '#fff'},
      -32001,
      'no color item',
    )
    await refused(
      'theme.override',
      {node_path: 'Title', kind: 'constant', name: 'line_spacing'},
      -32001,
      'no constant override',
    )
    await refused(
      'theme.override',
      {node_path: 'Title', kind: 'font_size', name: 'font_size', value: -3},
      -32602,
      'positive',
    )
  })
})

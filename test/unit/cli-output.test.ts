// Human output shows all the data: trees indented, multi-line text as blocks with its indentation, long
// cells shortened only with a note, and single-precision floats in their shortest form.
import {expect} from 'chai'

import {formatHuman, formatJson, shortFloat} from '../../src/cli/output.js'

describe('human output', () => {
  it('prints a node tree indented, with types', () => {
    const text = formatHuman({
      name: 'Main',
      type: 'Node2D',
      path: '/root/Main',
      children: [
        {
          name: 'Player',
          type: 'CharacterBody2D',
          path: '/root/Main/Player',
          children: [{name: 'Body', type: 'ColorRect', path: '/root/Main/Player/Body', children: []}],
        },
        {name: 'Camera2D', type: 'Camera2D', path: '/root/Main/Camera2D', children: []},
      ],
    })
    expect(text.split('\n')).to.deep.equal([
      'Main (Node2D)',
      '├─ Player (CharacterBody2D)',
      '│  └─ Body (ColorRect)',
      '└─ Camera2D (Camera2D)',
    ])
  })

  it('keeps every column of a property table, values included', () => {
    const text = formatHuman({
      properties: [
        {name: 'position', type: 'Vector2', value: [320, 180]},
        {name: 'texture', type: 'Texture2D', value: {class: 'Texture2D', path: 'res://a.png'}},
      ],
    })
    expect(text).to.include('value')
    expect(text).to.include('[320,180]')
    expect(text).to.include('res://a.png')
  })

  it('never cuts: a long cell wraps inside its column and every character is kept, within the width', () => {
    const long = Array.from({length: 30}, (_, i) => `word${i}`).join(' ')
    const text = formatHuman(
      [
        {name: 'long', value: long},
        {name: 'blob', value: 'x'.repeat(150)},
      ],
      80,
    )
    expect(text).not.to.include('…')
    for (const line of text.split('\n')) expect(line.length, line).to.be.at.most(80)
    const valueColumn = text.split('\n').map((l) => l.slice(6).trim())
    expect(valueColumn.join(' ')).to.include(long)
    expect(valueColumn.join('')).to.include('x'.repeat(150))
  })

  it('prints a record with its plain fields first and its lists as sections, one item a line', () => {
    const methods = Array.from({length: 12}, (_, i) => `method_number_${i}(arg: int) -> void`)
    const text = formatHuman({class: 'Thing', parents: ['Node', 'Object'], methods, empty: []}, 80)
    const lines = text.split('\n')
    expect(lines[0]).to.equal('class    Thing')
    expect(lines).to.include('parents  Node, Object')
    expect(lines).to.include('empty    (none)')
    expect(lines).to.include('methods (12):')
    for (const m of methods) expect(lines).to.include(`  - ${m}`)
  })

  it('draws a runtime tree whose leaves have no children list, and wraps a wide node under its name', () => {
    const text = formatHuman(
      {
        name: 'root',
        type: 'Window',
        children: [
          {name: 'Leaf', type: 'Node', script: 'res://addons/bridge/game/a_rather_long_script_name_for_wrapping.gd'},
          {name: 'Main', type: 'Node2D', visible: false, children: [{name: 'Camera2D', type: 'Camera2D'}]},
        ],
      },
      60,
    )
    expect(text.split('\n')).to.deep.equal([
      'root (Window)',
      '├─ Leaf',
      '│    Node',
      '│    script res://addons/bridge/game/a_rather_long_script_name_for_wrapping.gd',
      '└─ Main (Node2D; hidden)',
      '   └─ Camera2D (Camera2D)',
    ])
  })

  it('prints a whole multi-line description as a block, keeping code indentation', () => {
    const description =
      'Moves the body.\n\n[codeblock]\nfunc _physics_process(delta):\n\tvelocity.y += 10\n[/codeblock]\n' +
      'z'.repeat(300)
    const text = formatHuman({name: 'move_and_slide', description})
    expect(text).to.include('\tvelocity.y += 10')
    expect(text).to.include('z'.repeat(300))
    const table = formatHuman([{name: 'a', description}])
    expect(table).to.include('\tvelocity.y += 10')
  })

  it('prints single-precision floats in their shortest form, and keeps real doubles', () => {
    expect(shortFloat(0.200000002980232)).to.equal(0.2)
    expect(shortFloat(0.600000023841858)).to.equal(0.6)
    expect(shortFloat(0.1)).to.equal(0.1)
    expect(shortFloat(0.123456789012345)).to.equal(0.123456789012345)
    expect(formatHuman({color: [0.200000002980232, 0.600000023841858, 1, 1]})).to.include('[0.2,0.6,1,1]')
  })
})

describe('JSON output', () => {
  const tty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY')
  const asTerminal = (isTTY: boolean) =>
    Object.defineProperty(process.stdout, 'isTTY', {value: isTTY, configurable: true})
  afterEach(() => {
    if (tty) Object.defineProperty(process.stdout, 'isTTY', tty)
    else delete (process.stdout as {isTTY?: boolean}).isTTY
  })
  const result = {
    path: 'res://tiles.tres',
    tile_coords: [
      [0, 0],
      [1, 0],
    ],
    nested: {ok: true},
  }

  it('is one compact line for a program reading stdout: no indentation, no line per value', () => {
    asTerminal(false)
    expect(formatJson(result)).to.equal(JSON.stringify(result))
    expect(formatJson(result)).to.not.include('\n')
  })

  it('stays indented on a terminal, for a person', () => {
    asTerminal(true)
    expect(formatJson(result)).to.equal(JSON.stringify(result, null, 2))
  })
})

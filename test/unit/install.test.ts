import {expect} from 'chai'

import {withGameAutoloads, withPluginEnabled} from '../../src/editor/install.js'

describe('enabling the plugin in project.godot', () => {
  const base = 'config_version=5\n\n[application]\n\nconfig/name="X"\n'

  it('adds an [editor_plugins] section when there is none, keeping every other line', () => {
    const out = withPluginEnabled(base)
    expect(out.startsWith(base.trimEnd())).to.equal(true)
    expect(out).to.include('[editor_plugins]\n\nenabled=PackedStringArray("res://addons/bridge/plugin.cfg")')
  })

  it('appends to an existing enabled list, keeping the other plugins', () => {
    const text =
      base + '\n[editor_plugins]\n\nenabled=PackedStringArray("res://addons/other/plugin.cfg")\n\n[rendering]\nx=1\n'
    const out = withPluginEnabled(text)
    expect(out).to.include(
      'enabled=PackedStringArray("res://addons/other/plugin.cfg", "res://addons/bridge/plugin.cfg")',
    )
    expect(out).to.include('[rendering]\nx=1')
    expect(out.split('\n').length).to.equal(text.split('\n').length)
  })

  it('changes nothing when already enabled (idempotent)', () => {
    const once = withPluginEnabled(base)
    expect(withPluginEnabled(once)).to.equal(once)
  })

  it('keeps CRLF line endings', () => {
    const out = withPluginEnabled(base.replaceAll('\n', '\r\n'))
    expect(out).to.include('\r\n[editor_plugins]\r\n')
    expect(out.replaceAll('\r\n', '')).to.not.include('\n')
  })
})

describe('the game autoloads in project.godot', () => {
  const base = 'config_version=5\n\n[application]\n\nconfig/name="X"\n'
  const inspector = 'MCPGameInspector="*res://addons/bridge/game/inspector.gd"'
  const input = 'MCPGameInput="*res://addons/bridge/game/input.gd"'

  it('adds an [autoload] section with both when there is none', () => {
    const out = withGameAutoloads(base)
    expect(out.startsWith(base.trimEnd())).to.equal(true)
    expect(out).to.include(`[autoload]\n\n${inspector}\n${input}\n`)
  })

  it("adds them after the project's own autoloads, keeping the sections that follow", () => {
    const text = base + '\n[autoload]\n\nGame="*res://game.gd"\n\n[rendering]\nx=1\n'
    const out = withGameAutoloads(text)
    expect(out).to.include(`Game="*res://game.gd"\n${inspector}\n${input}\n\n[rendering]\nx=1`)
  })

  it('never replaces a user autoload of the same name, and adds only the missing one', () => {
    const text = base + '\n[autoload]\n\nMCPGameInput="*res://my_input.gd"\n'
    const out = withGameAutoloads(text)
    expect(out).to.include('MCPGameInput="*res://my_input.gd"')
    expect(out).to.not.include(input)
    expect(out).to.include(inspector)
  })

  it('changes nothing when both are there (idempotent)', () => {
    const once = withGameAutoloads(base)
    expect(withGameAutoloads(once)).to.equal(once)
  })
})

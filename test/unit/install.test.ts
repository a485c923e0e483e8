import {expect} from 'chai'

import {withPluginEnabled} from '../../src/editor/install.js'

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

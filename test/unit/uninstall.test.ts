// `bridge uninstall` is the inverse of `bridge install --enable`: for every shape of project.godot install meets
// (no sections, sections of its own, other plugins and autoloads, CRLF), installing and then uninstalling gives
// back the same bytes, and a user's own entries are never touched.
import {expect} from 'chai'
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {copyAddon, enablePlugin, withGameAutoloads, withPluginEnabled} from '../../src/editor/install.js'
import {uninstall, withoutGameAutoloads, withoutPlugin} from '../../src/editor/uninstall.js'
import {DEMO_PROJECT} from '../support/editor.js'

const base = 'config_version=5\n\n[application]\n\nconfig/name="X"\n'
const SHAPES: Record<string, string> = {
  'no sections of its own': base,
  'an [autoload] of its own': base + '\n[autoload]\n\nGame="*res://game.gd"\n',
  'another plugin enabled': base + '\n[editor_plugins]\n\nenabled=PackedStringArray("res://addons/other/plugin.cfg")\n',
  'sections after the ones install edits':
    base +
    '\n[autoload]\n\nGame="*res://game.gd"\n\n[editor_plugins]\n\nenabled=PackedStringArray("res://addons/a/plugin.cfg")\n\n[rendering]\n\nx=1\n',
  'an empty [editor_plugins] header': base + '\n[editor_plugins]\n\n[rendering]\n\nx=1\n',
  'CRLF line endings': base.replaceAll('\n', '\r\n') + '\r\n[autoload]\r\n\r\nGame="*res://game.gd"\r\n',
}

describe('bridge uninstall: project.godot as it was before install', () => {
  for (const [name, text] of Object.entries(SHAPES)) {
    it(`gives back the same bytes after install --enable (${name})`, () => {
      const installed = withGameAutoloads(withPluginEnabled(text))
      expect(installed).to.not.equal(text)
      expect(withoutGameAutoloads(withoutPlugin(installed))).to.equal(text)
    })
  }

  it("leaves a user's own autoload of the same name and other plugins alone", () => {
    const text = base + '\n[autoload]\n\nMCPGameInput="*res://my_input.gd"\n'
    const back = withoutGameAutoloads(withoutPlugin(withGameAutoloads(withPluginEnabled(text))))
    expect(back).to.equal(text)
  })

  it('removes the addon folder and restores the demo project.godot byte for byte', () => {
    const root = mkdtempSync(join(tmpdir(), 'bridge-uninstall-'))
    try {
      cpSync(DEMO_PROJECT, root, {recursive: true, filter: (src) => !/[/\\](\.godot|\.engine|addons)$/.test(src)})
      const before = readFileSync(join(root, 'project.godot'))
      copyAddon(root)
      enablePlugin(root)
      expect(readFileSync(join(root, 'project.godot')).equals(before)).to.equal(false)
      const out = uninstall(root)
      expect(out).to.deep.equal({addon_removed: true, project_godot_changed: true})
      expect(readFileSync(join(root, 'project.godot')).equals(before)).to.equal(true)
      expect(existsSync(join(root, 'addons'))).to.equal(false)
    } finally {
      rmSync(root, {recursive: true, force: true})
    }
  })
})

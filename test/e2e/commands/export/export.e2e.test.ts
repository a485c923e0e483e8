// export.*: export presets in export_presets.cfg (added, changed, removed; undoable), this machine's
// export templates, and a headless export by a second Godot process — a full build is refused with
// what is missing (no templates are installed here), a resource pack is really written and read back.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('export commands (real editor)', function () {
  this.timeout(400_000)
  const fx = useEditor({group: 'export', pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 360_000)
  const presetsFile = () => {
    const file = join(fx.editor.root, 'export_presets.cfg')
    return existsSync(file) ? readFileSync(file, 'utf8') : ''
  }
  const undo = async (action: string) => {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(action)
  }

  it('declares every export command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'export.presets',
      'export.preset_add',
      'export.preset_set',
      'export.preset_remove',
      'export.templates',
      'export.run',
    ])
  })

  it('export.preset_add writes a preset to export_presets.cfg; presets lists it; undo takes it out', async () => {
    expect((await call('export.presets', fx.examples['export.presets'])).count).to.equal(0)
    const out = await call('export.preset_add', fx.examples['export.preset_add'])
    expect(out).to.deep.include({
      name: 'Linux',
      platform: 'Linux',
      export_path: 'build/linux/game.x86_64',
      section: 'preset.0',
    })
    expect(out).to.deep.include({runnable: true, export_filter: 'all_resources', exclude_filter: 'test/*'})
    expect(presetsFile())
      .to.include('[preset.0]\n\nname="Linux"\nplatform="Linux"')
      .and.include('exclude_filter="test/*"')
    const listed = await call('export.presets')
    expect(listed.presets[0].templates.release.installed).to.equal(false)
    expect(listed.presets[0].templates.release.file).to.match(
      /export_templates\/4\.6[.\d]*\.stable\/linux_release\.x86_64$/,
    )
    await undo('Bridge: Add export preset Linux')
    expect((await call('export.presets')).count).to.equal(0)
    await call('export.preset_add', fx.examples['export.preset_add'])
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_add',
      fx.examples['export.preset_add'],
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_add',
      {...fx.examples['export.preset_add'], name: 'X', platform: 'Amiga'},
      -32602,
      'must be one of Linux',
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_add',
      {...fx.examples['export.preset_add'], name: 'X', options: {embed: true}},
      -32602,
      'not a platform option',
    )
  })

  it('export.preset_set changes fields and options and returns the previous values; undo restores', async () => {
    const out = await call('export.preset_set', fx.examples['export.preset_set'])
    expect(out).to.deep.include({custom_features: 'demo'})
    expect(out.options['binary_format/embed_pck']).to.equal(true)
    expect(out.previous).to.deep.equal({fields: {custom_features: ''}, options: {'binary_format/embed_pck': null}})
    expect(presetsFile()).to.include('custom_features="demo"').and.include('binary_format/embed_pck=true')
    await undo('Bridge: Change export preset Linux')
    expect(presetsFile()).to.include('custom_features=""').and.not.include('embed_pck')
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_set',
      {name: 'Linux', fields: {platfrm: 'Web'}},
      -32602,
      "did you mean 'platform'",
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_set',
      {name: 'Linux', fields: {runnable: 'yes'}},
      -32602,
      "field 'runnable' is bool",
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_set',
      {name: 'Linx'},
      -32001,
      "did you mean 'Linux'",
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_set',
      {name: 'Linux'},
      -32602,
      'give fields, options or both',
    )
  })

  it('export.templates reports where templates go and that none are installed here', async () => {
    const out = await call('export.templates', fx.examples['export.templates'])
    expect(out.installed).to.equal(false)
    expect(out.dir)
      .to.contain(fx.editor.home)
      .and.match(/export_templates\/4\.6[.\d]*\.stable$/)
    expect(out.platforms).to.deep.include({Linux: false, Web: false})
  })

  it('export.run refuses a build without templates, saying what is missing and what to do', async () => {
    const error = await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.run',
      {preset: 'Linux', output: 'user://exports/game.x86_64', mode: 'release'},
      -32000,
      "cannot build 'Linux' (Linux, release)",
      'linux_release.x86_64 is not installed on this machine',
      'Manage Export Templates',
      'mode: pack',
    )
    const data = JSON.stringify(error.data)
    expect(data)
      .to.include('"platform":"Linux"')
      .and.match(/"missing":"[^"]*linux_release\.x86_64"/)
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.run',
      {preset: 'Linux', output: 'user://exports/game.x86_64', mode: 'debug'},
      -32000,
      'linux_debug.x86_64',
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.run',
      {preset: 'Linux', output: 'user://exports/game.exe', mode: 'pack'},
      -32602,
      '.pck or .zip',
    )
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.run',
      {preset: 'Linus', output: 'user://x.pck', mode: 'pack'},
      -32001,
      "did you mean 'Linux'",
    )
  })

  it('export.run mode pack exports the project resources headlessly; the zip holds the scenes', async () => {
    const out = await call('export.run', {preset: 'Linux', output: 'user://exports/game.zip', mode: 'pack'})
    expect(out).to.deep.include({preset: 'Linux', mode: 'pack', exit_code: 0, output: 'user://exports/game.zip'})
    expect(existsSync(out.path)).to.equal(true)
    expect(out.bytes).to.be.greaterThan(1000)
    expect(out.files).to.include('project.binary')
    expect(out.files.some((f: string) => f.startsWith('scenes/main.'))).to.equal(true)
    // the export process is an editor too: it must leave the open editor's discovery file alone
    expect(existsSync(join(fx.editor.root, '.engine', 'bridge.json'))).to.equal(true)
    expect((await call('engine.version')).major).to.equal(4)
  })

  it('export.preset_remove takes the preset out; undo puts it back', async () => {
    expect(await call('export.preset_remove', fx.examples['export.preset_remove'])).to.deep.equal({
      removed: 'Linux',
      count: 0,
      undoable: true,
    })
    expect(presetsFile()).not.to.include('name="Linux"')
    await undo('Bridge: Remove export preset Linux')
    expect(presetsFile()).to.include('name="Linux"')
    await fx.refusedKeeping(
      {snapshot: presetsFile},
      'export.preset_remove',
      {name: 'Web'},
      -32001,
      "no export preset named 'Web'",
    )
  })
})

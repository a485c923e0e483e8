// import.*: an asset's import settings read, changed (checked against the options its importer wrote)
// and reimported, against a real headless editor: a translation CSV and an SVG texture, whose reimported
// results are read back (the translation's class, the texture's size).
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#f00"/></svg>\n'

describe('import commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'import', pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 120_000)
  const read = (res: string) => readFileSync(join(fx.editor.root, res.replace('res://', '')), 'utf8')
  const inEditor = (code: string) => fx.inEditor(code)

  before(async () => {
    await call('localization.csv_write', {path: 'res://i18n/texts.csv', rows: {HELLO: {en: 'Hello', fr: 'Bonjour'}}})
    await call('project.write_file', {path: 'res://art/icon.svg', content: SVG})
    await call('project.scan')
  })

  it('declares every import command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members(['import.settings', 'import.set', 'import.reimport'])
  })

  it('import.settings reads the importer, type, UID, options and imported files', async () => {
    const csv = await call('import.settings', fx.examples['import.settings'])
    expect(csv).to.deep.include({importer: 'csv_translation', type: 'Translation', imported: true})
    expect(csv.options).to.deep.include({compress: 1, delimiter: 0})
    expect(csv.imported_files).to.deep.equal(['res://i18n/texts.en.translation', 'res://i18n/texts.fr.translation'])
    expect(csv.uid).to.match(/^uid:\/\//)
    const svg = await call('import.settings', {path: 'res://art/icon.svg'})
    expect(svg).to.deep.include({importer: 'texture', type: 'CompressedTexture2D', imported: true})
    expect(svg.options).to.have.property('svg/scale', 1)
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.settings',
      {path: 'res://scripts/player.gd'},
      -32000,
      'not an imported asset',
    )
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.settings',
      {path: 'res://i18n/text.csv'},
      -32001,
      "did you mean 'res://i18n/texts.csv'",
    )
  })

  it('import.set changes an option, reimports, and the imported result changes with it', async () => {
    expect(await inEditor('return load("res://i18n/texts.fr.translation").get_class()')).to.equal(
      'OptimizedTranslation',
    )
    const out = await call('import.set', fx.examples['import.set'])
    expect(out.changed).to.deep.equal({compress: {from: 1, to: 0}})
    expect(read('res://i18n/texts.csv.import')).to.include('compress=0')
    expect(await inEditor('return ResourceLoader.load("res://i18n/texts.fr.translation", "", 2).get_class()')).to.equal(
      'Translation',
    )

    expect(await inEditor('return load("res://art/icon.svg").get_width()')).to.equal(16)
    const scaled = await call('import.set', {path: 'res://art/icon.svg', options: {'svg/scale': 2}})
    expect(scaled.changed).to.deep.equal({'svg/scale': {from: 1, to: 2}})
    expect(await inEditor('return ResourceLoader.load("res://art/icon.svg", "", 2).get_width()')).to.equal(32)
    const written = await call('import.set', {
      path: 'res://art/icon.svg',
      options: {'mipmaps/generate': true},
      reimport: false,
    })
    expect(written.reimported).to.equal(false)
    expect(read('res://art/icon.svg.import')).to.include('mipmaps/generate=true')

    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.set',
      {path: 'res://i18n/texts.csv', options: {compres: 0}},
      -32602,
      "did you mean 'compress'",
      'it has: compress',
    )
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.set',
      {path: 'res://i18n/texts.csv', options: {compress: 'yes'}},
      -32602,
      "option 'compress' expects int",
    )
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.set',
      {path: 'res://i18n/texts.csv', options: {unescape_keys: 1}},
      -32602,
      'expects bool',
    )
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.set',
      {path: 'res://i18n/texts.csv', options: {}},
      -32602,
      'options is empty',
    )
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.set',
      {path: 'res://scenes/main.tscn', options: {a: 1}},
      -32000,
      'not an imported asset',
    )
  })

  it('import.reimport rebuilds the imported files and reports them', async () => {
    const out = await call('import.reimport', fx.examples['import.reimport'])
    expect(out.reimported).to.deep.equal([
      {
        path: 'res://i18n/texts.csv',
        imported_files: ['res://i18n/texts.en.translation', 'res://i18n/texts.fr.translation'],
        ok: true,
      },
    ])
    const both = await call('import.reimport', {paths: ['res://i18n/texts.csv', 'res://art/icon.svg']})
    expect(both.count).to.equal(2)
    expect(both.reimported[1].imported_files[0]).to.match(/^res:\/\/\.godot\/imported\/icon\.svg-[0-9a-f]+\.ctex$/)
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.reimport',
      {paths: ['res://i18n/texts.csv', 'res://scripts/player.gd']},
      -32000,
      'not an imported asset',
    )
    await fx.refusedKeeping(
      {files: ['res://i18n/texts.csv.import']},
      'import.reimport',
      {paths: []},
      -32602,
      'paths is empty',
    )
  })
})

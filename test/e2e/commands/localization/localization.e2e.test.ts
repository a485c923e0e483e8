// localization.*: translation CSVs imported by the editor, Translation resources, the project's list of
// translations and what a key reads as per locale, against a real headless editor. Files are read back
// from disk; project changes are undone with the editor's Undo; refusals change nothing.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('localization commands (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({group: 'localization', pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 120_000)
  const disk = (res: string) => join(fx.editor.root, res.replace('res://', ''))
  const read = (res: string) => (existsSync(disk(res)) ? readFileSync(disk(res), 'utf8') : '')
  const globalCount = async () =>
    ((await call('editor.undo_history')).histories as Json[]).find((h) => h.history === 'global')!.count
  const undo = async (action: string) => {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(action)
  }

  it('declares every localization command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'localization.csv_write',
      'localization.csv_read',
      'localization.translation_create',
      'localization.messages_set',
      'localization.list',
      'localization.project_add',
      'localization.project_remove',
      'localization.translate',
    ])
  })

  it('localization.csv_write writes the CSV, the editor imports one .translation per locale, each read back', async () => {
    const out = await call('localization.csv_write', fx.examples['localization.csv_write'])
    expect(out).to.deep.include({path: 'res://i18n/texts.csv', created: true, keys: 2, locales: ['en', 'fr']})
    expect(out.translations).to.deep.equal([
      {path: 'res://i18n/texts.en.translation', locale: 'en'},
      {path: 'res://i18n/texts.fr.translation', locale: 'fr'},
    ])
    // JSON objects carry no order: new keys are written alphabetically
    expect(read('res://i18n/texts.csv')).to.equal('keys,en,fr\nBYE,Goodbye,Au revoir\nHELLO,Hello,Bonjour\n')
    expect(existsSync(disk('res://i18n/texts.fr.translation'))).to.equal(true)
    expect(read('res://i18n/texts.csv.import')).to.include('importer="csv_translation"')
  })

  it('localization.csv_write merges new cells and locales, quoting commas; csv_read reports the gaps', async () => {
    const out = await call('localization.csv_write', {
      path: 'res://i18n/texts.csv',
      rows: {BYE: {fr: 'Au revoir, ami'}, START: {de: 'Start', en: 'Start'}},
    })
    expect(out).to.deep.include({created: false, keys: 3, locales: ['en', 'fr', 'de']})
    expect(out.translations.map((t: Json) => t.locale)).to.deep.equal(['en', 'fr', 'de'])
    expect(read('res://i18n/texts.csv')).to.equal(
      'keys,en,fr,de\nBYE,Goodbye,"Au revoir, ami",\nHELLO,Hello,Bonjour,\nSTART,Start,,Start\n',
    )
    const csv = await call('localization.csv_read', fx.examples['localization.csv_read'])
    expect(csv).to.deep.include({keys: 3, locales: ['en', 'fr', 'de'], importer: 'csv_translation'})
    expect(csv.rows.BYE).to.deep.equal({en: 'Goodbye', fr: 'Au revoir, ami', de: ''})
    expect(csv.missing).to.deep.equal([
      {key: 'BYE', locale: 'de'},
      {key: 'HELLO', locale: 'de'},
      {key: 'START', locale: 'fr'},
    ])
  })

  it('localization.csv_write refuses bad locales, keys and cells, and writes nothing', async () => {
    const csv = ['res://i18n/texts.csv']
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...csv]},
      'localization.csv_write',
      {path: 'res://i18n/texts.csv', rows: {A: {xx_YY: 'a'}}},
      -32602,
      "'xx_YY' is not a locale",
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...csv]},
      'localization.csv_write',
      {path: 'res://i18n/texts.csv', rows: {A: {en: 3}}},
      -32602,
      'rows.A.en must be a string',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...csv]},
      'localization.csv_write',
      {path: 'res://i18n/texts.csv', rows: {_A: {en: 'a'}}},
      -32602,
      'not a usable key',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...csv]},
      'localization.csv_write',
      {path: 'res://i18n/texts.csv', rows: {A: 'a'}},
      -32602,
      'must be {locale: text}',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.csv_write',
      {path: 'res://i18n/texts.txt', rows: {A: {en: 'a'}}},
      -32602,
      'must end in .csv',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...csv]},
      'localization.csv_write',
      {path: 'res://i18n/texts.csv', rows: {}},
      -32602,
      'rows is empty',
    )
  })

  it('localization.translation_create saves a Translation for a locale; messages_set edits it undoably', async () => {
    const made = await call('localization.translation_create', fx.examples['localization.translation_create'])
    expect(made).to.deep.equal({
      path: 'res://i18n/de.tres',
      locale: 'de',
      messages: 1,
      class: 'Translation',
      undoable: false,
    })
    expect(read('res://i18n/de.tres')).to.include('locale = "de"').and.include('"HELLO"').and.include('"Hallo"')
    const set = await call('localization.messages_set', fx.examples['localization.messages_set'])
    expect(set).to.deep.include({locale: 'de', set: 1, messages: 2})
    expect(read('res://i18n/de.tres')).to.include('Tschüss')
    await undo('Bridge: set messages of de.tres')
    expect(read('res://i18n/de.tres')).not.to.include('Tschüss')
    expect(read('res://i18n/de.tres')).to.include('Hallo')
    const erased = await call('localization.messages_set', {path: 'res://i18n/de.tres', messages: {HELLO: null}})
    expect(erased).to.deep.include({erased: ['HELLO'], messages: 0})
    await undo('Bridge: set messages of de.tres')
    expect(read('res://i18n/de.tres')).to.include('Hallo')
    const de = ['res://i18n/de.tres']
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...de]},
      'localization.messages_set',
      {path: 'res://i18n/de.tres', messages: {NOPE: null}},
      -32001,
      "no message 'NOPE'",
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...de]},
      'localization.messages_set',
      {path: 'res://i18n/de.tres', messages: {A: 1}},
      -32602,
      'must be a string or null',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.messages_set',
      {path: 'res://i18n/texts.fr.translation', messages: {A: 'a'}},
      -32000,
      'made by importing res://i18n/texts.csv',
      'localization.csv_write',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot', ...de]},
      'localization.translation_create',
      {path: 'res://i18n/de.tres', locale: 'de'},
      -32000,
      'already exists',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.translation_create',
      {path: 'res://i18n/x.tres', locale: 'klingon'},
      -32602,
      'not a locale code',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.translation_create',
      {path: 'res://i18n/x.txt', locale: 'de'},
      -32602,
      '.tres, .res or .translation',
    )
  })

  it('localization.project_add registers a CSV as its translation files; list, translate, remove, undo', async () => {
    const added = await call('localization.project_add', fx.examples['localization.project_add'])
    const files = [
      'res://i18n/texts.en.translation',
      'res://i18n/texts.fr.translation',
      'res://i18n/texts.de.translation',
    ]
    expect(added.added).to.deep.equal(files)
    expect(read('res://project.godot')).to.include(
      'translations=PackedStringArray("res://i18n/texts.en.translation", "res://i18n/texts.fr.translation", "res://i18n/texts.de.translation")',
    )
    const listed = await call('localization.list', fx.examples['localization.list'])
    expect(listed).to.deep.include({count: 3, locales: ['de', 'en', 'fr'], fallback: 'en'})
    expect(listed.translations[1]).to.deep.include({
      path: files[1],
      locale: 'fr',
      source: 'res://i18n/texts.csv',
      exists: true,
    })
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.project_add',
      {paths: ['res://i18n/texts.csv']},
      -32000,
      'already registered',
    )

    const tr = await call('localization.translate', {key: 'BYE', locales: ['en', 'fr', 'fr_CA', 'de', 'es']})
    expect(tr.results).to.deep.equal([
      {locale: 'en', text: 'Goodbye', translated: true, fallback: false},
      {locale: 'fr', text: 'Au revoir, ami', translated: true, fallback: false},
      {locale: 'fr_CA', text: 'Au revoir, ami', translated: true, fallback: false},
      {locale: 'de', text: 'Goodbye', translated: false, fallback: true},
      {locale: 'es', text: 'Goodbye', translated: false, fallback: true},
    ])
    const example = await call('localization.translate', fx.examples['localization.translate'])
    expect(example.results.map((r: Json) => r.text)).to.deep.equal(['Hello', 'Bonjour'])
    const own = await call('localization.translate', {
      key: 'HELLO',
      locales: ['de'],
      translations: ['res://i18n/de.tres'],
    })
    expect(own.results[0]).to.deep.include({text: 'Hallo', translated: true})
    const unknown = await call('localization.translate', {key: 'NOPE', locales: ['fr']})
    expect(unknown.results[0]).to.deep.include({text: 'NOPE', translated: false, fallback: false})

    const removed = await call('localization.project_remove', fx.examples['localization.project_remove'])
    expect(removed.removed).to.deep.equal(files)
    expect(read('res://project.godot')).not.to.include('texts.en.translation')
    await undo('Remove translations')
    expect(read('res://project.godot')).to.include('texts.en.translation')
    await undo('Add translations')
    expect(read('res://project.godot')).not.to.include('texts.en.translation')
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.project_remove',
      {paths: ['res://i18n/de.tres']},
      -32001,
      'is not registered',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.project_add',
      {paths: ['res://i18n/nope.csv']},
      -32001,
      'no file at res://i18n/nope.csv',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.project_add',
      {paths: ['res://scenes/main.tscn']},
      -32602,
      'is not a Translation',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.translate',
      {key: 'HELLO', locales: ['fr']},
      -32000,
      'registers no translations',
    )
    await fx.refusedKeeping(
      {snapshot: globalCount, files: ['res://project.godot']},
      'localization.translate',
      {locales: ['fr']},
      -32602,
      'give key or node_path',
    )
  })
})

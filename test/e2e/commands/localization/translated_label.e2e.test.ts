// The translated-label slice of issue 11, built through bridge commands alone: a CSV of translations
// written and imported, added to the project, a Label whose text is a translation key, checked in two
// locales; then the editor is restarted and everything is read again from what it reloads from disk.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('slice: a translated label (real editor, restarted)', function () {
  this.timeout(240_000)
  const fx = useEditor({pristine: false})
  const call = (method: string, params: Json = {}) => fx.editor.client.call<Json>(method, params, 120_000)
  const disk = (res: string) => readFileSync(join(fx.editor.root, res.replace('res://', '')), 'utf8')
  const SCENE = 'res://scenes/title.tscn'

  async function checkLabel(): Promise<void> {
    const out = await call('localization.translate', {node_path: 'Title', locales: ['en', 'fr']})
    expect(out).to.deep.include({node: '/root/TitleScreen/Title', key: 'TITLE', auto_translate: true})
    expect(out.results).to.deep.equal([
      {locale: 'en', text: 'Welcome', translated: true, fallback: false},
      {locale: 'fr', text: 'Bienvenue', translated: true, fallback: false},
    ])
    const start = await call('localization.translate', {key: 'START', locales: ['en', 'fr']})
    expect(start.results.map((r: Json) => r.text)).to.deep.equal(['Start', 'Commencer'])
  }

  it('builds the CSV, registers it, adds a Label keyed TITLE, and reads it in en and fr', async () => {
    const csv = await call('localization.csv_write', {
      path: 'res://i18n/ui.csv',
      rows: {TITLE: {en: 'Welcome', fr: 'Bienvenue'}, START: {en: 'Start', fr: 'Commencer'}},
      locales: ['en', 'fr'],
    })
    expect(csv.translations.map((t: Json) => t.locale)).to.deep.equal(['en', 'fr'])
    await call('localization.project_add', {paths: ['res://i18n/ui.csv']})
    await call('scene.create', {path: SCENE, root_type: 'Control', root_name: 'TitleScreen'})
    await call('node.add', {type: 'Label', name: 'Title', properties: {text: 'TITLE'}})
    await call('scene.save')
    await checkLabel()
  })

  it('the files on disk hold what was built', () => {
    expect(disk('res://i18n/ui.csv')).to.equal('keys,en,fr\nSTART,Start,Commencer\nTITLE,Welcome,Bienvenue\n')
    expect(disk('res://project.godot')).to.include(
      'locale/translations=PackedStringArray("res://i18n/ui.en.translation", "res://i18n/ui.fr.translation")',
    )
    const scene = disk(SCENE)
    expect(scene, scene).to.match(
      /\[node name="Title" type="Label" parent="\."[^\]]*\]\n(?:[a-z_]+ = .*\n)*text = "TITLE"\n/,
    )
  })

  it('after an editor restart, the scene, the translations and the project list reload as built', async () => {
    await fx.editor.stop({keepDir: true})
    await fx.editor.restart()
    const listed = await call('localization.list')
    expect(listed.translations.map((t: Json) => [t.path, t.locale, t.source])).to.deep.equal([
      ['res://i18n/ui.en.translation', 'en', 'res://i18n/ui.csv'],
      ['res://i18n/ui.fr.translation', 'fr', 'res://i18n/ui.csv'],
    ])
    const csv = await call('localization.csv_read', {path: 'res://i18n/ui.csv'})
    expect(csv).to.deep.include({keys: 2, missing: [], importer: 'csv_translation'})
    await call('scene.open', {path: SCENE})
    expect((await call('node.get', {node_path: 'Title', property: 'text'})).value).to.equal('TITLE')
    await checkLabel()
  })
})

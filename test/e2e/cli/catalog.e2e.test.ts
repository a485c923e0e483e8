// The catalog the CLI ships (flags, help, docs) must equal the live addon's own parameter docs.
import {expect} from 'chai'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {useEditor} from '../../support/fixture.js'

describe('catalog matches the live addon (drift check)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})

  // The editor starts from addon/declarations.cache (core/declaration_cache.gd): group scripts load on first
  // use or in idle frames. Inside one editor frame the test puts every command back to its cached declaration
  // and reads the docs; then it loads every group script and reads them again: both must be the very same.
  it('serves the same docs from the declaration cache as from the loaded group scripts', async () => {
    const run = async (code: string) =>
      (await fx.call<{result: any}>('editor.run_script', {code, allow_unsafe_editor_io: true})).result
    const router = `var router = EditorInterface.get_base_control().get_tree().root.find_child("BridgeServer", true, false).router\n`
    const fromCache =
      await run(`${router}var groups: Array = load("res://addons/bridge/core/declaration_cache.gd").read()
for group: Dictionary in groups:
	router.register_deferred(group)
return {"groups": groups.size(), "docs": router.describe_all()}`)
    expect(fromCache.groups, 'groups in a cache that matches the addon').to.be.greaterThan(40)
    const loaded = await run(`${router}while router.load_next_deferred():
	pass
return {"errors": router.load_errors, "docs": router.describe_all()}`)
    expect(loaded.errors).to.deep.equal([])
    expect(loaded.docs).to.have.length(fromCache.docs.length)
    for (const [i, doc] of loaded.docs.entries()) expect(fromCache.docs[i], doc.method).to.deep.equal(doc)
  })

  it('lists exactly the built-in commands, with identical docs and schemas', async () => {
    const {commands} = await fx.call<{commands: Record<string, unknown>[]}>('engine.commands')
    const live = commands.filter((c) => c.source === 'builtin').map(({source: _source, ...doc}) => doc)
    const catalog = loadCatalog()
    expect(
      catalog.map((c) => c.method),
      'run `npm run catalog` after changing addon commands',
    ).to.deep.equal(live.map((c) => c.method))
    for (const [i, doc] of live.entries()) expect(catalog[i], String(doc.method)).to.deep.equal(doc)
  })
})

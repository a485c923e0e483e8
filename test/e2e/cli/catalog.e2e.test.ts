// The catalog the CLI ships (flags, help, docs) must equal the live addon's own parameter docs.
import {expect} from 'chai'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {useEditor} from '../../support/fixture.js'

describe('catalog matches the live addon (drift check)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})

  // The editor starts from the addon's declarations.cache (core/declaration_cache.gd; the harness builds it once
  // per run, as pack and install do): group scripts load on first
  // use or in idle frames. Inside one editor frame the test puts every command back to its cached declaration
  // and reads the docs; then it loads every group script and reads them again: both must be the very same.
  it('serves the same docs from the declaration cache as from the loaded group scripts', async () => {
    const run = async (code: string) =>
      (await fx.call<{result: any}>('editor.run_script', {code, allow_unsafe_editor_io: true})).result
    const router = `var router = EditorInterface.get_base_control().get_tree().root.find_child("BridgeServer", true, false).router\n`
    const fromCache =
      await run(`${router}var groups: Array = load("res://addons/bridge/core/declaration_cache.gd").read()
for group: Dictionary in groups:
	router.registry.register_deferred(group)
return {"groups": groups.size(), "docs": router.describe_all()}`)
    expect(fromCache.groups, 'groups in a cache that matches the addon').to.be.greaterThan(40)
    const loaded = await run(`${router}while router.registry.load_next_deferred():
	pass
return {"errors": router.registry.load_errors, "docs": router.describe_all()}`)
    expect(loaded.errors).to.deep.equal([])
    expect(loaded.docs).to.have.length(fromCache.docs.length)
    for (const [i, doc] of loaded.docs.entries()) expect(fromCache.docs[i], doc.method).to.deep.equal(doc)
  })

  // A start trusts the cache by a stamp of the scripts' modification times (.godot/editor) instead of hashing
  // every script; any script whose time moved makes it hash again, and a changed script fails the match.
  it('trusts the cache by the stamp only while no addon script changed, and hashes again when one did', async () => {
    const run = async (code: string) =>
      (await fx.call<{result: any}>('editor.run_script', {code, allow_unsafe_editor_io: true})).result
    const head = `var dc = load("res://addons/bridge/core/declaration_cache.gd")
var hash: String = bytes_to_var(FileAccess.get_file_as_bytes("res://addons/bridge/declarations.cache")).hash
var file := "res://addons/bridge/game/ipc.gd"
var text := FileAccess.get_file_as_string(file)
`
    // the harness copied the addon just before the start: wait until every file is past the racy window
    await new Promise((r) => setTimeout(r, 2500))
    const steps = await run(`${head}var out := {"matches": dc.matches(hash)}
out["stamped"] = dc._stamp_holds(hash)
var f := FileAccess.open(file, FileAccess.WRITE)
f.store_string(text)
f.close()
out["stamp_after_touch"] = dc._stamp_holds(hash)
out["matches_after_touch"] = dc.matches(hash)
f = FileAccess.open(file, FileAccess.WRITE)
f.store_string(text + "\n")
f.close()
out["matches_after_edit"] = dc.matches(hash)
f = FileAccess.open(file, FileAccess.WRITE)
f.store_string(text)
f.close()
out["matches_restored"] = dc.matches(hash)
return out`)
    expect(steps).to.deep.equal({
      matches: true,
      stamped: true,
      stamp_after_touch: false,
      matches_after_touch: true,
      matches_after_edit: false,
      matches_restored: true,
    })
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

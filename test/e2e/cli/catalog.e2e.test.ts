// The catalog the CLI ships (flags, help, docs) must equal the live addon's own parameter docs.
import {expect} from 'chai'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {useEditor} from '../../support/fixture.js'

describe('catalog matches the live addon (drift check)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})

  it('lists exactly the built-in commands, with identical docs and schemas', async () => {
    const {commands} = await fx.editor.client.call<{commands: Record<string, unknown>[]}>('engine.commands')
    const live = commands.filter((c) => c.source === 'builtin').map(({source: _source, ...doc}) => doc)
    const catalog = loadCatalog()
    expect(
      catalog.map((c) => c.method),
      'run `npm run catalog` after changing addon commands',
    ).to.deep.equal(live.map((c) => c.method))
    for (const [i, doc] of live.entries()) expect(catalog[i], String(doc.method)).to.deep.equal(doc)
  })
})

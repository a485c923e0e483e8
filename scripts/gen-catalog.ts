// Regenerates catalog/commands.json from a live headless editor's engine.commands: the addon's parameter
// docs are the one source of truth; this file is their offline copy for CLI flags, help and MCP schemas.
// Run after changing any command's docs: npm run catalog
import {writeFileSync} from 'node:fs'

import {CATALOG_FILE} from '../src/catalog/catalog.js'
import {startEditor} from '../test/support/editor.js'

const editor = await startEditor()
try {
  const {commands} = await editor.client.call<{commands: Record<string, unknown>[]}>('engine.commands')
  const builtin = commands.filter((c) => c.source === 'builtin').map(({source: _source, ...doc}) => doc)
  writeFileSync(
    CATALOG_FILE,
    JSON.stringify({generated_from: 'engine.commands', count: builtin.length, commands: builtin}, null, 1) + '\n',
  )
  console.log(`wrote ${builtin.length} commands to ${CATALOG_FILE}`)
} finally {
  await editor.stop()
}

// Regenerates catalog/commands.json from a live headless editor's engine.commands: the addon's parameter
// docs are the one source of truth; this file is their offline copy for CLI flags, help and MCP schemas.
// The CLI's topics (package.json oclif.topics) are written from the groups' own summaries here too.
// Run after changing any command's docs: npm run catalog. The declaration cache is not written here: it is
// not committed (npm run cache:build, and the test harness's startEditor, which this run uses, build it).
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {CATALOG_FILE, topicName} from '../src/catalog/catalog.js'
import {REPO_ROOT, startEditor} from '../test/support/editor.js'

interface GroupDoc {
  name: string
  summary: string
  count: number
}

const editor = await startEditor()
try {
  const {commands, groups} = await editor.client.call<{commands: Record<string, unknown>[]; groups: GroupDoc[]}>(
    'engine.commands',
  )
  const builtin = commands.filter((c) => c.source === 'builtin').map(({source: _source, ...doc}) => doc)
  const builtinGroups = groups.filter((g) => builtin.some((c) => String(c.method).startsWith(g.name + '.')))
  const missing = builtinGroups.filter((g) => !g.summary).map((g) => g.name)
  if (missing.length > 0) throw new Error(`groups without a group_summary(): ${missing.join(', ')}`)
  writeFileSync(
    CATALOG_FILE,
    JSON.stringify(
      {generated_from: 'engine.commands', count: builtin.length, groups: builtinGroups, commands: builtin},
      null,
      1,
    ) + '\n',
  )
  writeTopics(builtinGroups)
  console.log(`wrote ${builtin.length} commands in ${builtinGroups.length} groups to ${CATALOG_FILE}`)
} finally {
  await editor.stop()
}

/** package.json's oclif.topics: one per group, described by the group itself (plus hand-written non-addon topics). */
function writeTopics(groups: GroupDoc[]): void {
  const file = join(REPO_ROOT, 'package.json')
  const pkg = JSON.parse(readFileSync(file, 'utf8'))
  const topics: Record<string, {description: string}> = {}
  for (const g of groups) topics[topicName(g.name)] = {description: g.summary}
  pkg.oclif.topics = topics
  writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n')
}

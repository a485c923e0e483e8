// Regenerates catalog/commands.json from a live headless editor's engine.commands: the addon's parameter
// docs are the one source of truth; this file is their offline copy for CLI flags, help and MCP schemas.
// The CLI's topics (package.json oclif.topics) are written from the groups' own summaries here too.
// Run after changing any command's docs: npm run catalog. The declaration cache is not written here: it is
// not committed (npm run cache:build, and the test harness's startEditor, which this run uses, build it).
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {CATALOG_FILE, TOOLS_FILE, topicName} from '../src/catalog/catalog.js'
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
  await writeTools(editor.client, new Set(builtin.map((c) => String(c.method).replaceAll('.', '_'))))
  console.log(`wrote ${builtin.length} commands in ${builtinGroups.length} groups to ${CATALOG_FILE}`)
} finally {
  await editor.stop()
}

/**
 * catalog/tools.json: the addon's own tools/list with every toolset on (addon/mcp/tools.gd, the one MCP
 * implementation), its builtin tools only; serve lists from it while no editor is up (src/mcp/early-tools.ts),
 * and the docs and the bench count its bytes.
 */
async function writeTools(client: typeof editor.client, builtinTools: Set<string>): Promise<void> {
  const answer = await client.call<{result?: {tools: {name: string}[]}; error?: {message: string}}>('bridge.mcp', {
    message: {jsonrpc: '2.0', method: 'tools/list', params: {}},
    session: {toolsets: ['all'], typed: true},
  })
  if (!answer.result) throw new Error(`tools/list over bridge.mcp failed: ${answer.error?.message}`)
  // the three tools of the surface itself come first; a pack installed in the demo project is not the catalog's
  const tools = answer.result.tools.filter((t, i) => i < 3 || builtinTools.has(t.name))
  writeFileSync(TOOLS_FILE, JSON.stringify({generated_from: 'bridge.mcp tools/list', tools}, null, 1) + '\n')
  console.log(`wrote ${tools.length} tools to ${TOOLS_FILE}`)
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

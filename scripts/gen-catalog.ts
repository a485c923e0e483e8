// Regenerates catalog/commands.json from a live headless editor's engine.commands: the addon's parameter
// docs are the one source of truth; this file is their offline copy for CLI flags, help and MCP schemas.
// The CLI's topics (package.json oclif.topics) are written from the groups' own summaries here too.
// Run after changing any command's docs: npm run catalog
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
  writeDeclarationCache(await buildDeclarationCache())
  console.log(`wrote ${builtin.length} commands in ${builtinGroups.length} groups to ${CATALOG_FILE}`)
} finally {
  await editor.stop()
}

/**
 * addon/declarations.cache (core/declaration_cache.gd): the declarations the editor starts from without
 * compiling every group script. Built inside the editor, where the declarations are real Godot values.
 */
async function buildDeclarationCache(): Promise<Buffer> {
  const code = `var server := EditorInterface.get_base_control().get_tree().root.find_child("BridgeServer", true, false)
var files: Array[String] = load("res://addons/bridge/core/group_loader.gd").builtin_files()
return load("res://addons/bridge/core/declaration_cache.gd").build(server, files)`
  const {result} = await editor.client.call<{result: unknown}>('editor.run_script', {
    code,
    allow_unsafe_editor_io: true,
  })
  // Godot's binary Variant encoding (var_to_bytes), sent back as base64
  if (typeof result !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(result))
    throw new Error(`no declaration cache: ${String(result).slice(0, 500)}`)
  return Buffer.from(result, 'base64')
}

function writeDeclarationCache(bytes: Buffer): void {
  const file = join(REPO_ROOT, 'addon', 'declarations.cache')
  writeFileSync(file, bytes)
  console.log(`wrote ${file} (${bytes.length} bytes)`)
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

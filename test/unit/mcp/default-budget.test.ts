// Every client's default tool list stays small (issue 47): every client, capped or not (Claude Code, Claude
// Desktop, any client the table does not know), gets the core — at most 30 tools and 32 KB
// of what a model reads of tools/list (≈8k tokens) — which runs the whole loop; bridge_find finds the rest.
import type {Tool} from '@modelcontextprotocol/server'
import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {earlyTools} from '../../../src/mcp/early-tools.js'
import {toolName} from '../../../src/mcp/tools.js'
import {ALWAYS_LISTED, CORE_TOOLSET, TOOLSETS, fitProfile, toolsetsFor} from '../../../src/mcp/toolsets.js'
import {serveInMemory} from '../../support/serve-in-memory.js'

const CORE_MAX_TOOLS = 30
const CORE_MAX_BYTES = 32 * 1024

/** What a model reads of a tools/list: the tools' JSON, as the client passes it on. */
const weigh = (tools: Tool[]) => Buffer.byteLength(JSON.stringify(tools))

describe('the default tool list of every client stays within its budget', () => {
  const docs = loadCatalog()
  const toolsets = toolsetsFor(docs)
  const defaultTools = (preferred: string[], cap: number | null): Tool[] => {
    const names = fitProfile(toolsets, preferred, cap, ALWAYS_LISTED)
    const methods = new Set(toolsets.filter((t) => names.includes(t.name)).flatMap((t) => t.methods.map(toolName)))
    // the addon's own list (catalog/tools.json): the three fixed tools, then the typed ones
    const [fixed1, fixed2, fixed3, ...typed] = earlyTools()
    return [fixed1, fixed2, fixed3, ...typed.filter((t) => methods.has(t.name))]
  }
  const profiles = [
    ...TOOLSETS.clients,
    {name: 'unknown_client', max_tools: null, toolsets: TOOLSETS.unknown_client.toolsets},
  ]

  for (const profile of profiles) {
    it(`${profile.name}: the core first, within the core budget${profile.max_tools ? ` and its cap of ${profile.max_tools}` : ''}`, () => {
      const tools = defaultTools(profile.toolsets, profile.max_tools)
      expect(fitProfile(toolsets, profile.toolsets, profile.max_tools, ALWAYS_LISTED)[0]).to.equal(CORE_TOOLSET)
      // a cap is where widening stops; the default is the small core for every client (issue 47)
      expect(tools.length, 'tools').to.be.at.most(Math.min(profile.max_tools ?? Infinity, CORE_MAX_TOOLS))
      expect(weigh(tools), 'bytes of tools/list').to.be.at.most(CORE_MAX_BYTES)
    })
  }

  it('the core holds the whole loop: build, play, observe, debug, verify', () => {
    const core = new Set(defaultTools([CORE_TOOLSET], null).map((t) => t.name))
    const loop = [
      ...['scene_create', 'scene_open', 'scene_save', 'scene_tree', 'node_add', 'node_set', 'node_get', 'node_remove'],
      ...['node_script_attach', 'script_create', 'script_edit', 'script_validate', 'editor_undo'],
      ...['scene_play', 'scene_stop', 'runtime_get', 'runtime_tree', 'runtime_screenshot', 'runtime_eval'],
      ...['input_action', 'input_key', 'runtime_errors', 'editor_errors', 'debug_state'],
      ...['engine_run', 'bridge_toolsets', 'bridge_find'],
    ]
    for (const tool of loop) expect(core.has(tool), tool).to.equal(true)
  })

  it('an unknown client over stdio lists exactly that, and --toolsets all every command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-budget-'))
    const small = await serveInMemory(dir)
    const all = await serveInMemory(dir, undefined, ['all'])
    try {
      const listed = (await small.client.listTools()).tools as Tool[]
      expect(listed.map((t) => t.name)).to.deep.equal(defaultTools([CORE_TOOLSET], null).map((t) => t.name))
      expect(weigh(listed)).to.be.at.most(CORE_MAX_BYTES)
      expect((await all.client.listTools()).tools.length).to.equal(docs.length + ALWAYS_LISTED)
    } finally {
      await small.close()
      await all.close()
      rmSync(dir, {recursive: true, force: true})
    }
  })
})

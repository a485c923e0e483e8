// Every client can run the whole loop from its defaults: the README's two walk-throughs (a 2D platformer, a 3D
// playtest), tool by tool, against each client profile's default list for today's catalog, plus one
// `bridge_toolsets` call that the session accepts within the client's limit — or, where the limit cannot hold
// the core and that toolset together (Cursor's 40), bridge_find giving each missing command for engine_run.
// And the call itself: `set` replaces the list in one call; a request over the limit is answered with a set
// that fits and keeps it.
import type {CallToolResult} from '@modelcontextprotocol/server'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {toolName} from '../../../src/mcp/tools.js'
import {ToolsetSession} from '../../../src/mcp/toolset-session.js'
import {
  ALWAYS_LISTED,
  CORE_TOOLSET,
  TOOLSETS,
  type Toolset,
  fitProfile,
  toolsetOf,
  toolsetsFor,
} from '../../../src/mcp/toolsets.js'

const README = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8')
const FIXED = ALWAYS_LISTED

/** The tools of the README block after `<!-- walkthrough: name -->`: the first word of each line. */
function walkthrough(name: string): string[] {
  const block = new RegExp(`<!-- walkthrough: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\`\`\``).exec(README)
  expect(block, `README has the ${name} walk-through`).to.not.equal(null)
  return block![1]
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.split(/\s+/)[0])
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')

function session(clientName: string): ToolsetSession {
  return new ToolsetSession({clientName: () => clientName, log: () => {}})
}

function toolsOf(toolsets: Toolset[], names: string[]): Set<string> {
  return new Set(toolsets.filter((t) => names.includes(t.name)).flatMap((t) => t.methods.map(toolName)))
}

describe('the README walk-throughs, in every client', () => {
  const docs = loadCatalog()
  const toolsets = toolsetsFor(docs)
  const byTool = new Map(docs.map((d) => [toolName(d.method), d.method]))

  for (const name of ['2d', '3d']) {
    it(`${name}: every tool of the walk-through is a command`, () => {
      const tools = walkthrough(name)
      expect(tools.length).to.be.greaterThan(10)
      for (const tool of tools) expect(byTool.has(tool), tool).to.equal(true)
    })
  }

  for (const profile of TOOLSETS.clients) {
    for (const name of ['2d', '3d']) {
      it(`${profile.name}: the ${name} walk-through is in its default list, one accepted bridge_toolsets call or bridge_find away`, () => {
        const tools = walkthrough(name)
        const s = session(profile.match[0])
        const defaults = fitProfile(toolsets, profile.toolsets, profile.max_tools, FIXED)
        expect(defaults[0], 'the core comes first').to.equal(CORE_TOOLSET)
        const listed = toolsOf(toolsets, defaults)
        const first = s.handle({action: 'list'}, toolsets, FIXED)
        const count = (first.result.structuredContent as {tools: number}).tools
        if (profile.max_tools !== null) expect(count, 'default within the cap').to.be.at.most(profile.max_tools)
        const missing = tools.filter((t) => !listed.has(t))
        if (missing.length === 0) return
        // the agent asks for the toolsets that hold what it lacks, with the core
        const wanted = [...new Set(missing.map((t) => toolsetOf(byTool.get(t)!)))]
        const call = s.handle({action: 'set', toolsets: wanted}, toolsets, FIXED)
        if (call.result.isError && profile.max_tools !== null) {
          // the cap cannot hold the core and what is missing: each missing command is a command engine_run calls,
          // which bridge_find names first when asked by its method (test/e2e/mcp/core-loop.e2e.test.ts)
          expect(text(call.result)).to.include('Nothing was changed')
          for (const tool of missing)
            expect(
              docs.some((d) => d.method === byTool.get(tool)),
              tool,
            ).to.equal(true)
          return
        }
        expect(call.result.isError, text(call.result)).to.not.equal(true)
        const after = call.result.structuredContent as {enabled: string[]; tools: number}
        if (profile.max_tools !== null) expect(after.tools).to.be.at.most(profile.max_tools)
        const then = toolsOf(toolsets, after.enabled)
        for (const tool of tools) expect(listed.has(tool) || then.has(tool), `${tool} (${profile.name})`).to.equal(true)
        for (const tool of walkthrough(name).filter((t) => byTool.get(t)!.startsWith('runtime.')))
          expect(then.has(tool), `${tool} stays after the call`).to.equal(true)
      })
    }
  }

  it('every default holds the loop: play, stop, step, read, input, both error lists, the debugger state', () => {
    const loop = [
      'scene_play',
      'scene_stop',
      'runtime_step',
      'runtime_get',
      'input_action',
      'runtime_errors',
      'editor_errors',
      'debug_state',
    ]
    for (const profile of TOOLSETS.clients) {
      const listed = toolsOf(toolsets, fitProfile(toolsets, profile.toolsets, profile.max_tools, FIXED))
      for (const tool of loop) expect(listed.has(tool), `${tool} in ${profile.name}`).to.equal(true)
    }
  })
})

describe('bridge_toolsets solves the request', () => {
  const toolsets = toolsetsFor(loadCatalog())
  const size = (n: string) => toolsets.find((t) => t.name === n)!.methods.length

  it('set replaces the list in one call and keeps the core', () => {
    const s = session('Visual Studio Code')
    const answer = s.handle({action: 'set', toolsets: ['3d', 'physics']}, toolsets, FIXED)
    expect(answer.changed).to.equal(true)
    const value = answer.result.structuredContent as {enabled: string[]; tools: number}
    expect(value.enabled).to.deep.equal(['core', '3d', 'physics'])
    expect(value.tools).to.equal(FIXED + size('core') + size('3d') + size('physics'))
  })

  it('over the cap, answers with a set that fits and still holds what was asked, naming what it drops', () => {
    const s = session('Visual Studio Code')
    // widened first to near its cap (the default is the core alone), then asked for more than fits
    expect(s.handle({action: 'set', toolsets: ['play', 'build', 'scene', 'editor']}, toolsets, FIXED).changed).to.equal(
      true,
    )
    const before = (s.handle({action: 'list'}, toolsets, FIXED).result.structuredContent as {enabled: string[]}).enabled
    const answer = s.handle({action: 'enable', toolsets: ['3d', 'physics', 'animation']}, toolsets, FIXED)
    expect(answer.result.isError).to.equal(true)
    expect(answer.changed).to.equal(false)
    const said = text(answer.result)
    expect(said).to.include('Nothing was changed')
    const proposal = JSON.parse(/\{"action": "set", "toolsets": (\[[^\]]*\])\}/.exec(said)![1]) as string[]
    for (const asked of ['core', '3d', 'physics', 'animation']) expect(proposal, asked).to.include(asked)
    const total = FIXED + proposal.reduce((n, t) => n + size(t), 0)
    expect(total).to.be.at.most(96)
    const dropped = before.filter((n) => !proposal.includes(n))
    expect(dropped.length).to.be.greaterThan(0)
    for (const name of dropped) expect(said).to.include(`${name} (${size(name)})`)
    expect(said).to.match(/dropping /)
    // and that call is accepted as given
    const taken = s.handle({action: 'set', toolsets: proposal}, toolsets, FIXED)
    expect(taken.result.isError, text(taken.result)).to.not.equal(true)
  })

  it('when what was asked cannot fit together, says so and offers the most of it that does', () => {
    const s = session('cursor')
    const answer = s.handle({action: 'set', toolsets: ['3d', 'physics']}, toolsets, FIXED)
    expect(answer.result.isError).to.equal(true)
    expect(text(answer.result)).to.match(
      /The most of it that fits is core \(\d+ tools; 3d, physics left out: too large together/,
    )
  })
})

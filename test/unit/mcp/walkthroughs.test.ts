// Every client can run the whole loop from its defaults: each tool of the README's two walk-throughs (a 2D
// platformer, a 3D playtest) is a command, and every client profile's default holds the loop. The walk-throughs
// against each client's default plus one bridge_toolsets call, decided by the editor, are
// test/e2e/mcp/toolset-changes.e2e.test.ts.
import {expect} from 'chai'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {walkthrough} from '../../support/walkthrough.js'
import {toolName} from '../../../src/mcp/tools.js'
import {ALWAYS_LISTED, TOOLSETS, type Toolset, fitProfile, toolsetsFor} from '../../../src/mcp/toolsets.js'

const FIXED = ALWAYS_LISTED

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

// Plugin tool contributions: what passes the checks, and that every kind of failure is logged and skipped.
import {expect} from 'chai'

import {type HookRunner, MCP_TOOLS_HOOK, checkContribution, loadPluginTools} from '../../../src/mcp/plugin-tools.js'

const good = (name: string) => ({
  name,
  description: 'Does a thing.',
  inputSchema: {type: 'object', properties: {n: {type: 'integer'}}, required: ['n']},
  run: async (args: Record<string, unknown>) => args,
})

function runner(
  outcome: Awaited<ReturnType<HookRunner['runHook']>>,
  seen?: {event?: string; options?: object},
): HookRunner {
  return {
    async runHook(event, options) {
      if (seen) Object.assign(seen, {event, options})
      return outcome
    },
  }
}

describe('mcp plugin tools', () => {
  it('runs the bridge:mcp-tools hook with the project and keeps valid tools with a compiled validator', async () => {
    const seen: {event?: string; options?: object} = {}
    const tools = await loadPluginTools(
      runner({successes: [{plugin: {name: 'p1'}, result: [good('p1_tool')]}], failures: []}, seen),
      '/proj',
      () => {},
    )
    expect(seen).to.deep.equal({event: MCP_TOOLS_HOOK, options: {projectRoot: '/proj'}})
    expect(tools.map((t) => [t.name, t.plugin])).to.deep.equal([['p1_tool', 'p1']])
    expect(tools[0].validate({n: 1})).to.equal(true)
    expect(tools[0].validate({n: 'x'})).to.equal(false)
  })

  it('logs and skips a failing plugin, a non-array result, a malformed tool and a duplicate name', async () => {
    const logs: string[] = []
    const tools = await loadPluginTools(
      runner({
        successes: [
          {
            plugin: {name: 'ok'},
            result: [good('a'), {...good('bad'), inputSchema: {type: 'object', properties: {x: {type: 'nope'}}}}],
          },
          {plugin: {name: 'weird'}, result: {name: 'x'}},
          {plugin: {name: 'dup'}, result: [good('a'), good('b')]},
        ],
        failures: [{plugin: {name: 'broken'}, error: new Error('boom')}],
      }),
      '/proj',
      (m) => logs.push(m),
    )
    expect(tools.map((t) => t.name)).to.deep.equal(['a', 'b'])
    expect(logs.join('\n')).to.include('plugin broken: bridge:mcp-tools hook failed (boom)')
    expect(logs.join('\n')).to.include('plugin weird: bridge:mcp-tools must return an array')
    expect(logs.join('\n')).to.match(/plugin ok: tool skipped: 'bad': inputSchema is not a valid JSON Schema/)
    expect(logs.join('\n')).to.include("plugin dup: tool 'a' skipped: already contributed by ok")
  })

  it('survives a hook runner that throws', async () => {
    const logs: string[] = []
    const tools = await loadPluginTools({runHook: () => Promise.reject(new Error('no config'))}, '/p', (m) =>
      logs.push(m),
    )
    expect(tools).to.deep.equal([])
    expect(logs[0]).to.include('no config')
  })

  it('names what is wrong with a contribution', () => {
    expect(checkContribution(null, 'p')).to.equal('not an object')
    expect(checkContribution({...good('has space')}, 'p')).to.match(/must match/)
    expect(checkContribution({...good('x'), description: ' '}, 'p')).to.equal("'x' has no description")
    expect(checkContribution({...good('x'), run: undefined}, 'p')).to.equal("'x' has no run function")
    expect(checkContribution({...good('x'), inputSchema: {type: 'string'}}, 'p')).to.match(/"type": "object"/)
  })
})

// bridge_toolsets' changes as the editor decides them for `bridge serve`'s session (addon/mcp/toolset_changes.gd,
// relayed over bridge.mcp; serve keeps the selection it answers with), against a real headless editor: every
// client can run the README's two walk-throughs (a 2D platformer, a 3D playtest) from its default list plus one
// accepted bridge_toolsets call, or — where the client's limit cannot hold the core and that toolset together
// (Cursor's 40) — through engine_run; `set` replaces the list in one call; a request over the limit is answered
// with a set that fits and keeps what was asked, naming what it drops.
import {expect} from 'chai'

import {useEditor} from '../../support/fixture.js'
import {walkthrough} from '../../support/walkthrough.js'
import {loadCatalog} from '../../../src/catalog/catalog.js'
import {toolName} from '../../../src/mcp/tools.js'
import {ALWAYS_LISTED, CORE_TOOLSET, TOOLSETS, fitProfile, toolsetOf, toolsetsFor} from '../../../src/mcp/toolsets.js'

const FIXED = ALWAYS_LISTED

interface Answer {
  isError?: boolean
  text: string
  value: {enabled: string[]; tools: number; note: string}
  /** The session's toolsets after the call (what serve keeps), when the editor changed them. */
  after?: string[]
}

describe("bridge_toolsets' changes, decided by the editor for serve's session (real editor)", function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const docs = loadCatalog()
  const toolsets = toolsetsFor(docs)
  const byTool = new Map(docs.map((d) => [toolName(d.method), d.method]))
  const size = (n: string) => toolsets.find((t) => t.name === n)!.methods.length
  const toolsOf = (names: string[]) =>
    new Set(toolsets.filter((t) => names.includes(t.name)).flatMap((t) => t.methods.map(toolName)))

  /** One bridge_toolsets call relayed as serve relays it: the client's name and the session's toolsets. */
  async function handle(client: string, enabled: string[], args: Record<string, unknown>): Promise<Answer> {
    const answer = await fx.editor.client.call<{
      result: {isError?: boolean; content: {text: string}[]; structuredContent: Answer['value']}
      session?: {toolsets: string[]}
    }>('bridge.mcp', {
      message: {jsonrpc: '2.0', method: 'tools/call', params: {name: 'bridge_toolsets', arguments: args}},
      session: {client, toolsets: enabled, typed: true},
    })
    const {result, session} = answer
    return {
      isError: result.isError,
      text: result.content[0].text,
      value: result.structuredContent,
      after: session?.toolsets,
    }
  }

  for (const profile of TOOLSETS.clients) {
    for (const name of ['2d', '3d']) {
      it(`${profile.name}: the ${name} walk-through is in its default list, one accepted bridge_toolsets call or engine_run away`, async () => {
        const tools = walkthrough(name)
        const defaults = fitProfile(toolsets, profile.toolsets, profile.max_tools, FIXED)
        expect(defaults[0], 'the core comes first').to.equal(CORE_TOOLSET)
        const listed = toolsOf(defaults)
        const first = await handle(profile.match[0], defaults, {action: 'list'})
        expect(first.after, 'a list changes nothing serve keeps').to.equal(undefined)
        if (profile.max_tools !== null)
          expect(first.value.tools, 'default within the cap').to.be.at.most(profile.max_tools)
        const missing = tools.filter((t) => !listed.has(t))
        if (missing.length === 0) return
        // the agent asks for the toolsets that hold what it lacks, with the core
        const wanted = [...new Set(missing.map((t) => toolsetOf(byTool.get(t)!)))]
        const call = await handle(profile.match[0], defaults, {action: 'set', toolsets: wanted})
        if (call.isError && profile.max_tools !== null) {
          // the cap cannot hold the core and what is missing: nothing changes, each missing command is one
          // engine_run calls (bridge_find names it first when asked by its method: core-loop.e2e.test.ts)
          expect(call.text).to.include('Nothing was changed')
          expect(call.after).to.equal(undefined)
          for (const tool of missing) expect(byTool.has(tool), tool).to.equal(true)
          return
        }
        expect(call.isError, call.text).to.not.equal(true)
        expect(call.after).to.deep.equal(call.value.enabled)
        if (profile.max_tools !== null) expect(call.value.tools).to.be.at.most(profile.max_tools)
        const then = toolsOf(call.value.enabled)
        for (const tool of tools) expect(listed.has(tool) || then.has(tool), `${tool} (${profile.name})`).to.equal(true)
        for (const tool of walkthrough(name).filter((t) => byTool.get(t)!.startsWith('runtime.')))
          expect(then.has(tool), `${tool} stays after the call`).to.equal(true)
      })
    }
  }

  it('set replaces the list in one call and keeps the core; enable and disable change it, and say so', async () => {
    const answer = await handle('Visual Studio Code', ['core'], {action: 'set', toolsets: ['3d', 'physics']})
    expect(answer.after).to.deep.equal(['core', '3d', 'physics'])
    expect(answer.value.enabled).to.deep.equal(['core', '3d', 'physics'])
    expect(answer.value.tools).to.equal(FIXED + size('core') + size('3d') + size('physics'))
    expect(answer.value.note).to.include('the tool list changed')
    const off = await handle('Visual Studio Code', answer.after!, {action: 'disable', toolsets: ['3d']})
    expect(off.after).to.deep.equal(['core', 'physics'])
    const again = await handle('Visual Studio Code', off.after!, {action: 'enable', toolsets: ['physics']})
    expect(again.value.note).to.include('nothing to do')
  })

  it('over the cap, answers with a set that fits and still holds what was asked, naming what it drops', async () => {
    const vscode = 'Visual Studio Code'
    // widened first to near its cap (the default is the core alone), then asked for more than fits
    const widened = await handle(vscode, ['core'], {action: 'set', toolsets: ['play', 'build', 'scene', 'editor']})
    const before = widened.after!
    const answer = await handle(vscode, before, {action: 'enable', toolsets: ['3d', 'physics', 'animation']})
    expect(answer.isError).to.equal(true)
    expect(answer.after).to.equal(undefined)
    expect(answer.text).to.include('Nothing was changed')
    const proposal = JSON.parse(/\{"action": "set", "toolsets": (\[[^\]]*\])\}/.exec(answer.text)![1]) as string[]
    for (const asked of ['core', '3d', 'physics', 'animation']) expect(proposal, asked).to.include(asked)
    expect(FIXED + proposal.reduce((n, t) => n + size(t), 0)).to.be.at.most(96)
    const dropped = before.filter((n) => !proposal.includes(n))
    expect(dropped.length).to.be.greaterThan(0)
    for (const name of dropped) expect(answer.text).to.include(`${name} (${size(name)})`)
    expect(answer.text).to.match(/dropping /)
    // and that call is accepted as given
    const taken = await handle(vscode, before, {action: 'set', toolsets: proposal})
    expect(taken.isError, taken.text).to.not.equal(true)
  })

  it('when what was asked cannot fit together, says so and offers the most of it that does', async () => {
    const answer = await handle('cursor', ['core'], {action: 'set', toolsets: ['3d', 'physics']})
    expect(answer.isError).to.equal(true)
    expect(answer.text).to.match(
      /The most of it that fits is core \(\d+ tools; 3d, physics left out: too large together/,
    )
  })
})

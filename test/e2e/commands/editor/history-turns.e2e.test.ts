// Turns per undo history (issue 48): a scene edit and a global-history edit of two clients run at the same time,
// and so do the edits of two MCP clients on two open scenes (one names its scene: `scene`, core/open_scenes.gd);
// each client undoes its own step without a refusal, whichever history Ctrl+Z would pick. A scene switch waits
// for every turn. editor.undo refused because other clients' steps are above the caller's says how many of
// whose, and wait_ms waits for them to be undone.
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import {EngineClient} from '../../../../src/editor/client.js'
import {useEditor} from '../../../support/fixture.js'
import {LEVEL_3D, namedClients, openLevelWithFloor} from '../../../support/named-clients.js'
import {rpcError} from '../../../support/rpc.js'

const PLACEMENTS = 12
const KEY = 'bridge_tests/turns'
/** The second open scene: open in its tab beside the edited level, never made the edited one. */
const UI = 'res://scenes/ui.tscn'

/** A tool call that must succeed: its structured answer. */
async function tool<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const r = (await client.callTool({name, arguments: args}, undefined, {timeout: 120_000})) as CallToolResult
  const said = r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')
  expect(r.isError, `${name}: ${said}`).to.not.equal(true)
  return r.structuredContent as T
}

describe('edit turns per undo history: a scene edit and a global edit at once (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    setup: openLevelWithFloor,
  })
  const {dial, closeAll} = namedClients(fx)
  let a: EngineClient
  let b: EngineClient

  before(async () => {
    a = await dial('agent-a')
    b = await dial('agent-b')
  })

  after(() => {
    closeAll()
  })

  async function names(): Promise<string[]> {
    const {children} = await fx.call<{children: {name: string}[]}>('scene.tree', {
      node_path: '/root/Level3D',
      max_depth: 1,
    })
    return children.map((c) => c.name)
  }

  async function timed<T>(call: Promise<T>): Promise<{result: T; end: number}> {
    const result = await call
    return {result, end: performance.now()}
  }

  it("runs a client's project-setting edit while another's scene edit awaits, and each undoes its own", async () => {
    const placements = Array.from({length: PLACEMENTS}, (_, i) => ({
      method: 'scene3d.place',
      params: {
        type: 'Marker3D',
        name: `Turn${i}`,
        parent: '/root/Level3D',
        position: [i % 6, 0, -2 - Math.floor(i / 6)],
        on_ground: true,
      },
    }))
    const start = performance.now()
    let sceneDone = false
    const scene = timed(a.call<{count: number}>('batch.run', {commands: placements, label: 'turns'})).finally(() => {
      sceneDone = true
    })
    const globalEdit = await timed(
      b.call<{undoable: boolean}>('project.settings_set', {key: KEY, value: 7, create: true}),
    )
    await fx.call('scene.tree', {max_depth: 0}) // a round trip after the global edit's answer: the batch still runs
    const stillRunning = !sceneDone
    const sceneEdit = await scene
    expect(sceneEdit.result.count).to.equal(PLACEMENTS)
    expect(globalEdit.result.undoable).to.equal(true)
    // the overlap: the global edit started after the scene edit and was done while the scene edit still ran
    expect(
      stillRunning,
      `project.settings_set ended at ${Math.round(globalEdit.end - start)} ms, batch.run at ${Math.round(sceneEdit.end - start)} ms`,
    ).to.equal(true)

    // Ctrl+Z would pick the scene's history (it changed last): agent-b's own step is on top of the global one
    const undoneB = await b.call<{undone: boolean; history: string; client: string}>('editor.undo')
    expect(undoneB).to.deep.include({undone: true, history: 'global', client: 'agent-b'})
    const read = await fx
      .call<{value?: number}>('project.settings_get', {key: KEY})
      .catch((error: Error) => ({value: error.message}))
    expect(read.value, 'the setting agent-b created is gone').to.match(/unknown setting/)
    const undoneA = await a.call<{undone: boolean; history: string; client: string}>('editor.undo')
    expect(undoneA).to.deep.include({undone: true, client: 'agent-a'})
    expect(undoneA.history).to.match(/^scene:/)
    expect((await names()).filter((n) => n.startsWith('Turn'))).to.deep.equal([])
  })

  it('runs two MCP clients on two open scenes at once, each undoing its own steps in its own scene', async () => {
    await fx.call('scene.open', {path: UI})
    await fx.call('scene.open', {path: LEVEL_3D}) // the level is edited again; ui.tscn stays open in its tab
    // two agents as they connect: each through its own `bridge serve` (stdio), named by its clientInfo
    const [level, ui] = await Promise.all([fx.mcpServe({name: 'level-agent'}), fx.mcpServe({name: 'ui-agent'})])
    const uiNames = async (): Promise<string[]> => {
      const tree = await fx.call<{children: {name: string}[]}>('scene.tree', {scene: UI, max_depth: 1})
      return tree.children.map((c) => c.name)
    }
    const uiBefore = await uiNames()
    const placements = Array.from({length: PLACEMENTS}, (_, i) => ({
      method: 'scene3d.place',
      params: {type: 'Marker3D', name: `Both${i}`, parent: '/root/Level3D', position: [i % 6, 0, 3], on_ground: true},
    }))
    const start = performance.now()
    let levelDone = false
    const levelEdit = tool<{count: number}>(level, 'batch_run', {commands: placements, label: 'two scenes'}).finally(
      () => {
        levelDone = true
      },
    )
    const added = await tool<{path: string; undoable: boolean}>(ui, 'node_add', {
      scene: UI,
      type: 'Label',
      name: 'FromUiAgent',
      parent: '/root/UI',
    })
    const renamed = await tool<{path: string}>(ui, 'node_rename', {
      scene: UI,
      node_path: '/root/UI/FromUiAgent',
      new_name: 'UiAgentLabel',
    })
    const uiEditsEnd = performance.now()
    const overlapped = !levelDone
    expect((await levelEdit).count).to.equal(PLACEMENTS)
    // the overlap: both ui.tscn edits started after the level's batch and were answered while it still ran
    expect(overlapped, `ui edits ended at ${Math.round(uiEditsEnd - start)} ms`).to.equal(true)
    expect(added).to.deep.include({path: '/root/UI/FromUiAgent', undoable: true})
    expect(renamed.path).to.equal('/root/UI/UiAgentLabel')
    expect(await uiNames()).to.include('UiAgentLabel')
    expect(await names(), 'nothing of the ui edits reached the edited level').to.not.include('UiAgentLabel')

    // each history holds its own client's steps, named by command and client
    const uiHistory = await tool<{histories: {history: string; actions: {client?: string; command?: string}[]}[]}>(
      ui,
      'editor_undo_history',
      {scene: UI, limit: 2},
    )
    expect(uiHistory.histories.map((h) => h.history)).to.deep.equal([`scene:${UI}`])
    expect(uiHistory.histories[0].actions.map((a) => `${a.command} by ${a.client}`)).to.deep.equal([
      'node.add by ui-agent',
      'node.rename by ui-agent',
    ])

    // each undoes its own, without a refusal: the ui agent in ui.tscn's history, the level agent by Ctrl+Z
    const undoUi = {scene: UI}
    expect(await tool(ui, 'editor_undo', undoUi)).to.deep.include({
      undone: true,
      client: 'ui-agent',
      history: `scene:${UI}`,
    })
    expect(await tool(ui, 'editor_undo', undoUi)).to.deep.include({undone: true, command: 'node.add'})
    expect(await uiNames()).to.deep.equal(uiBefore)
    expect(await tool(level, 'editor_undo', {})).to.deep.include({
      undone: true,
      client: 'level-agent',
      command: 'batch.run',
    })
    expect((await names()).filter((n) => n.startsWith('Both'))).to.deep.equal([])
    // a scene that is not open is refused by name, before anything runs
    const closed = (await ui.callTool({
      name: 'node_add',
      arguments: {scene: 'res://nope.tscn', type: 'Node'},
    })) as CallToolResult
    expect(closed.isError).to.equal(true)
    expect(JSON.stringify(closed.content)).to.include('res://nope.tscn is not open').and.include(UI)
  })

  it("undoes the caller's step on top of the global history though another client's scene step changed last", async () => {
    await b.call('project.settings_set', {key: KEY, value: 8, create: true})
    await a.call('node.add', {type: 'Node3D', name: 'TurnScene', parent: '/root/Level3D'})
    const undone = await b.call<{undone: boolean; history: string}>('editor.undo')
    expect(undone).to.deep.include({undone: true, history: 'global'})
    expect(await a.call('editor.undo')).to.deep.include({undone: true, client: 'agent-a', command: 'node.add'})
    expect(await names()).to.not.include('TurnScene')
  })

  it("refuses with the count of whose steps are above the caller's, and wait_ms waits for them to be undone", async () => {
    await a.call('node.add', {type: 'Marker3D', name: 'TurnA', parent: '/root/Level3D'})
    await b.call('node.add', {type: 'Node3D', name: 'TurnB1', parent: '/root/Level3D'})
    await b.call('node.add', {type: 'Node3D', name: 'TurnB2', parent: '/root/Level3D'})
    const refused = await rpcError(a, 'editor.undo')
    expect(refused.message).to.include("agent-b's").and.include('2 steps of agent-b are above your last step')
    expect(refused.message).to.include('any_client').and.include('wait_ms')
    expect(refused.rpcData).to.deep.include({client: 'agent-b', steps_above: 2, yours: 'Bridge: add Marker3D'})

    // agent-a waits; agent-b undoes its two steps meanwhile (the waiting undo holds no turn), then agent-a's goes
    const waited = a.call<{undone: boolean; action: string}>('editor.undo', {wait_ms: 20_000})
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await b.call('editor.undo')).to.deep.include({undone: true, client: 'agent-b'})
    expect(await b.call('editor.undo')).to.deep.include({undone: true, client: 'agent-b'})
    expect(await waited).to.deep.include({undone: true, client: 'agent-a', action: 'Bridge: add Marker3D'})
    expect((await names()).filter((n) => n.startsWith('Turn'))).to.deep.equal([])
  })
})

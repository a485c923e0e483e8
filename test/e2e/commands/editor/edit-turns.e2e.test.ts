// Many clients, one editor: commands that make an undo step run one at a time, so a handler that awaits while
// its step is open (scene3d.place waits for a settled physics frame) never takes another client's edit into its
// step. Eight clients fire awaiting placements and plain node adds at once; every command reports its own
// undoable step, and undoing the steps one by one removes exactly one command's node each time.
import {expect} from 'chai'

import {EngineClient} from '../../../../src/editor/client.js'
import {useEditor} from '../../../support/fixture.js'
import {openLevelWithFloor} from '../../../support/named-clients.js'

const CLIENTS = 8

describe('edit turns: scene edits from many clients, one at a time (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    setup: openLevelWithFloor,
  })
  const clients: EngineClient[] = []

  after(() => {
    for (const client of clients.splice(0)) client.close()
  })

  async function ourNodes(): Promise<string[]> {
    const {children} = await fx.call<{children: {name: string}[]}>('scene.tree', {
      node_path: '/root/Level3D',
      max_depth: 1,
    })
    return children.map((c) => c.name).filter((name) => /^(Placed|Added)\d+$/.test(name))
  }

  it('every concurrent edit is its own undo step, and undoing each removes exactly its change', async () => {
    for (let i = 0; i < CLIENTS; i++)
      clients.push(
        await EngineClient.connect({
          projectRoot: fx.editor.root,
          port: fx.editor.discovery.ws_port,
          clientName: `agent-${i}`,
        }),
      )
    const before = await fx.sceneHistory()
    const calls = clients.flatMap((client, i) => [
      client.call<{undoable: boolean}>('scene3d.place', {
        type: 'Marker3D',
        name: `Placed${i}`,
        parent: '/root/Level3D',
        position: [i, 0, -2],
        on_ground: true,
      }),
      client.call<{undoable: boolean}>('node.add', {type: 'Node3D', name: `Added${i}`, parent: '/root/Level3D'}),
    ])
    const results = await Promise.all(calls)
    for (const [n, result] of results.entries())
      expect(result.undoable, `call ${n}: ${JSON.stringify(result)}`).to.equal(true)
    expect((await fx.sceneHistory()).count - before.count).to.equal(2 * CLIENTS)

    let present = await ourNodes()
    expect(present).to.have.length(2 * CLIENTS)
    for (let step = 0; step < 2 * CLIENTS; step++) {
      const undone = await fx.call<{undone: boolean; action: string}>('editor.undo', {any_client: true}) // the agents' steps
      expect(undone.undone, JSON.stringify(undone)).to.equal(true)
      const now = await ourNodes()
      const gone = present.filter((name) => !now.includes(name))
      expect(gone, `undo #${step + 1} (${undone.action}) removed ${gone.join(', ') || 'nothing'}`).to.have.length(1)
      expect(now.length).to.equal(present.length - 1)
      present = now
    }
    expect(present).to.deep.equal([])
  })
})

// Every undo step names its command and its client (issue 48): each command that declares an undo scope
// ("scene" or "global") runs its declared example as a named client, and every step it adds to the edited
// scene's history or the editor's global one is named "[group.command by <client>]" — the step travels with
// the call (core/undo_step.gd), whatever helper made the action. A command that cannot be run from its example
// here is listed below with the reason; any other that fails, or adds a step named otherwise, fails the sweep.
import {expect} from 'chai'

import {EngineClient} from '../../../../src/editor/client.js'
import {type Json, useEditor} from '../../../support/fixture.js'
import {type UndoAction, type UndoHistory} from '../../../support/named-clients.js'
import {type Doc, freshFor, snapshot, SWEEP_GROUPS as GROUPS} from '../../../support/sweep.js'

const CLIENT = 'owner-sweep'

/** Commands whose example cannot make a step in this sweep, and why. */
const NOT_RUN: Record<string, string> = {
  'editor.undo': 'moves the newest step back (the undo scope says which history it moves), making none of its own',
  'editor.redo': 'moves the newest undone step forward again, making none of its own',
}

type Action = UndoAction
type History = UndoHistory

describe('every undoable command names its steps "[command by client]" (real editor)', function () {
  this.timeout(900_000)
  const fx = useEditor({pristine: false})
  let docs: Doc[]
  let files: Map<string, Buffer>
  let client: EngineClient
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)

  before(async function () {
    this.timeout(120_000)
    const all = (await call<{commands: Doc[]}>('engine.commands')).commands.filter((c) => c.source === 'builtin')
    docs = all.filter(
      (d) =>
        !d.read_only &&
        (d.undo === 'scene' || d.undo === 'global') &&
        d.needs !== 'game' &&
        (GROUPS.length === 0 || GROUPS.includes(d.method.split('.')[0])),
    )
    files = snapshot(fx.editor.root)
    client = await EngineClient.connect({
      projectRoot: fx.editor.root,
      port: fx.editor.discovery.ws_port,
      clientName: CLIENT,
    })
  })

  after(() => client?.close())

  /** The edited scene's history and the global one, by name. */
  async function histories(): Promise<Map<string, History>> {
    const {histories} = await call<{histories: History[]}>('editor.undo_history', {limit: 40})
    return new Map(histories.map((h) => [h.history, h]))
  }

  it('every step each undoable example makes names its command and this client, in both histories', async () => {
    const failures: string[] = []
    let covered = 0
    let steps = 0
    for (const doc of docs) {
      if (NOT_RUN[doc.method]) continue
      try {
        const globalStart = (await histories()).get('global')?.current ?? -1
        await freshFor(call, fx.editor.root, files, doc)
        const before = await histories()
        const result = await client.call<Json>(doc.method, doc.example)
        const after = await histories()
        const made: Action[] = []
        for (const [name, history] of after) {
          const since = before.get(name)?.current ?? -1
          made.push(...history.actions.filter((a) => a.applied && a.index > since))
        }
        if (made.length === 0) {
          failures.push(`${doc.method}: its example made no step (undoable: ${JSON.stringify(result.undoable)})`)
          continue
        }
        for (const action of made)
          if (action.command !== doc.method || action.client !== CLIENT)
            failures.push(`${doc.method}: step "${action.name}" is owned by ${action.command} by ${action.client}`)
        steps += made.length
        covered++
        // the global history outlives the next fresh start's scene reload: take this example's steps back
        for (let i = 0; i < made.length; i++)
          await call('editor.undo', {any_client: true, force: true}).catch((error: Error) =>
            failures.push(`${doc.method}: undoing its step failed: ${error.message}`),
          )
        // and its setup's global steps (an input action the next setup adds again)
        for (let i = 0; i < 10 && ((await histories()).get('global')?.current ?? -1) > globalStart; i++)
          await call('editor.undo', {any_client: true, force: true})
      } catch (error) {
        failures.push(`${doc.method}: example failed: ${(error as Error).message}`)
      }
    }
    console.log(
      `      ${covered}/${docs.length} undoable commands checked, ${steps} steps named by their command and client`,
    )
    expect(failures, failures.join('\n')).to.deep.equal([])
    if (GROUPS.length === 0) expect(covered).to.be.greaterThan(100)
  })
})

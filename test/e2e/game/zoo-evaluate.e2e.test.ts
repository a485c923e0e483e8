// The bug zoo's evaluation case: an expression that does not parse, typed into debug.evaluate while the game
// is held at a breakpoint. It must be that call's error (invalid params, the expression echoed, the engine's
// own complaint), never `"value": null` as if it had evaluated; and nothing of it may turn up later in the
// game's errors pinned to the paused script's line. An expression that parses but fails when it runs is the
// call's error too. Every game started here is stopped.
import {expect} from 'chai'

import {type Json, useEditor} from '../../support/fixture.js'

const PLAYER = 'res://scripts/player.gd'
const INVALID = -32602
const FAILED = -32000

describe('bug zoo: an expression that does not parse, in debug.evaluate (real editor, a paused game)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const {call} = fx

  before(async () => {
    await call('debug.set_breakpoint', {path: PLAYER, line: 16})
    await fx.game.play()
    const hit = await fx.rpcError('runtime.call', {node_path: 'Player', method: 'take_damage', args: [7]})
    expect(hit.message).to.include('paused at a breakpoint')
  })
  after(async () => {
    await fx.game.stop()
    await call('debug.clear_breakpoints').catch(() => null)
  })

  /** The game's errors since `since` (editor.errors keeps them while the debugger holds the game). */
  const gameErrors = async (since: number): Promise<Json[]> =>
    (await call('editor.errors', {source: 'game', since, limit: 100})).entries
  const cursor = async (): Promise<number> => (await call('editor.errors', {limit: 1})).next_seq

  it('answers the parse error as the call’s error with the expression, and logs nothing against player.gd:16', async () => {
    const since = await cursor()
    const expression = 'health - * amount'
    const error = await fx.rpcError('debug.evaluate', {expression})
    expect(error.rpcCode, error.message).to.equal(INVALID)
    expect(error.message).to.include('does not parse').and.include(expression)
    expect(error.data.data).to.deep.include({param: 'expression', expression, line: 1})
    // the game is still held, and a good expression still evaluates in the same frame
    expect(await call('debug.evaluate', {expression: 'health - amount'})).to.deep.include({value: 93})
    const pinned = (await gameErrors(since)).filter((e) => JSON.stringify(e).includes('parse error'))
    expect(pinned, JSON.stringify(pinned)).to.deep.equal([])
  })

  it('answers an expression that fails when it runs as the call’s error, not a null value', async () => {
    const expression = 'amount.no_such_member'
    const error = await fx.rpcError('debug.evaluate', {expression})
    expect(error.rpcCode, error.message).to.equal(FAILED)
    expect(error.message).to.include(expression)
    expect(error.data.data).to.deep.include({param: 'expression', expression})
    // a null that is the real value is still a value
    expect(await call('debug.evaluate', {expression: 'null'})).to.deep.include({value: null})
  })
})

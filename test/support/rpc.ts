// Asserting refusals: a call that must fail comes back as the EngineError the editor sent.
import {expect} from 'chai'

import type {EngineClient} from '../../src/editor/client.js'
import {EngineError} from '../../src/errors.js'

/** The editor's error for a call that must be refused; a success (or any other failure) fails the test. */
export async function rpcError(
  client: EngineClient,
  method: string,
  params: Record<string, unknown> = {},
): Promise<EngineError> {
  const error = await client.call(method, params).then(
    (result) => new Error(`${method} ${JSON.stringify(params)} should have failed, returned ${JSON.stringify(result)}`),
    (e: unknown) => e,
  )
  if (!(error instanceof EngineError)) throw error
  return error
}

/**
 * Expects the call to be refused with `code` and every fragment in its message, and `snapshot()` (the
 * state the command could have touched) to read the same before and after: a refusal changes nothing.
 */
export async function refusedUnchanged(
  client: EngineClient,
  snapshot: () => unknown,
  method: string,
  params: Record<string, unknown>,
  code: number | null,
  ...fragments: string[]
): Promise<EngineError> {
  const before = await snapshot()
  const error = await rpcError(client, method, params)
  if (code !== null) expect(error.rpcCode, error.message).to.equal(code)
  for (const f of fragments) expect(error.message).to.include(f)
  expect(await snapshot(), `${method} changed state although it was refused`).to.deep.equal(before)
  return error
}

/** The edited scene's undo history entry (count, last action). */
export async function sceneHistory(client: EngineClient): Promise<{history: string; count: number}> {
  const {histories} = await client.call<{histories: {history: string; count: number}[]}>('editor.undo_history', {
    limit: 1,
  })
  return histories.find((h) => h.history.startsWith('scene:'))!
}

/** Presses the editor's Undo and checks the action undone was bridge's `action` — whichever client made it (the
 * CLI, a pack's command): the harness names what it expects instead of owning the step, hence any_client. */
export async function undoOwn(client: EngineClient, action: string): Promise<void> {
  const out = await client.call<{undone: boolean; action: string}>('editor.undo', {any_client: true})
  expect(out.undone, JSON.stringify(out)).to.equal(true)
  expect(out.action).to.equal(`Bridge: ${action}`)
}

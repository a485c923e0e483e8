// Asserting refusals: a call that must fail comes back as the EngineError the editor sent.
import type {EngineClient} from '../../src/core/client.js'
import {EngineError} from '../../src/core/errors.js'

/** The editor's error for a call that must be refused; a success (or any other failure) fails the test. */
export async function rpcError(client: EngineClient, method: string, params: Record<string, unknown> = {}): Promise<EngineError> {
  const error = await client.call(method, params).then(
    (result) => new Error(`${method} ${JSON.stringify(params)} should have failed, returned ${JSON.stringify(result)}`),
    (e: unknown) => e,
  )
  if (!(error instanceof EngineError)) throw error
  return error
}

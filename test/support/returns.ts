// Every result an e2e test receives is checked against its command's declared `returns` (the catalog's
// result_schema), not only the example's: a handler that answers in a shape its declaration does not promise
// fails the test that saw it, naming the command, the path in the result and what was wrong.
import {Ajv, type ValidateFunction} from 'ajv'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import type {EngineClient} from '../../src/editor/client.js'

const CATALOG = join(import.meta.dirname, '..', '..', 'catalog', 'commands.json')

interface CatalogDoc {
  method: string
  result_schema?: Record<string, unknown>
}

const ajv = new Ajv({allErrors: true, strict: false})
let schemas: Map<string, Record<string, unknown>> | undefined
const compiled = new Map<string, ValidateFunction>()

function validatorFor(method: string): ValidateFunction | undefined {
  schemas ??= new Map(
    (JSON.parse(readFileSync(CATALOG, 'utf8')) as {commands: CatalogDoc[]}).commands
      .filter((doc) => doc.result_schema)
      .map((doc) => [doc.method, doc.result_schema!]),
  )
  const schema = schemas.get(method)
  // a project's own command (res://bridge_commands) is not in the built-in catalog: nothing declared to check
  if (!schema) return undefined
  let validate = compiled.get(method)
  if (!validate) compiled.set(method, (validate = ajv.compile(schema)))
  return validate
}

/** Why `result` does not match what `method` declares it returns; undefined when it matches (or declares nothing). */
export function returnsMismatch(method: string, result: unknown): string | undefined {
  const validate = validatorFor(method)
  if (!validate || validate(result)) return undefined
  const shown = JSON.stringify(result)
  return `${method}: its result does not match its declared returns: ${ajv.errorsText(validate.errors, {dataVar: 'result'})}\n  result: ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`
}

/** Error thrown into the test that received a result its command's declaration does not describe. */
export class ReturnsMismatchError extends Error {
  override name = 'ReturnsMismatchError'
}

/** Makes every `call` and `callBatch` of `client` check each result against its command's `returns`. */
export function checkingReturns(client: EngineClient): EngineClient {
  const call = client.call.bind(client)
  const callBatch = client.callBatch.bind(client)
  client.call = (async (
    method: string,
    ...rest: Parameters<EngineClient['call']> extends [string, ...infer R] ? R : never
  ) => {
    const result = await call(method, ...rest)
    const mismatch = returnsMismatch(method, result)
    if (mismatch) throw new ReturnsMismatchError(mismatch)
    return result
  }) as EngineClient['call']
  client.callBatch = async (requests, ...rest) => {
    const settled = await callBatch(requests, ...rest)
    return settled.map((answer, i) => {
      if (answer.status !== 'fulfilled') return answer
      const mismatch = returnsMismatch(requests[i].method, answer.value)
      return mismatch ? {status: 'rejected', reason: new ReturnsMismatchError(mismatch)} : answer
    })
  }
  return client
}

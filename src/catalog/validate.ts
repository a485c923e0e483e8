// ajv validators built from each command's JSON Schema (the addon's one generator), so bad input is
// refused before it is sent, with a message naming the parameter. A schema the build compiled ahead of time
// (scripts/prebuild-catalog.mjs: ajv standalone code, named by the schema's hash) is loaded as is; any other is
// compiled by ajv, which loads on first need. Either way only the schema of the command in hand is touched.
import type {Ajv as AjvClass, ErrorObject, ValidateFunction} from 'ajv'
import {existsSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const requireCjs = createRequire(import.meta.url)
/**
 * Where the build writes the standalone validators, dist/catalog/validators, reached from dist/catalog/ and from
 * the bundle in dist/bundle/ alike (absent when running from src/: ajv compiles instead).
 */
const PREBUILT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'catalog', 'validators')

let instance: AjvClass | undefined
const compiled = new Map<string, ValidateFunction>()

/** The one ajv instance, created on first use (ajv is CommonJS, so a synchronous require keeps callers sync). */
export function ajv(): AjvClass {
  if (!instance) {
    const {Ajv} = requireCjs('ajv') as typeof import('ajv')
    instance = new Ajv({allErrors: true, strict: false})
  }
  return instance
}

export function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
  let v = compiled.get(key)
  if (!v) {
    v = prebuilt(schema) ?? ajv().compile(schema)
    compiled.set(key, v)
  }
  return v
}

/** The name the build gives a schema's standalone validator: the same JSON gives the same file. */
export function schemaHash(schema: Record<string, unknown>): string {
  // node:crypto loads here, when a command is validated, not with every `bridge` run
  const {createHash} = requireCjs('node:crypto') as typeof import('node:crypto')
  return createHash('sha1').update(JSON.stringify(schema)).digest('hex').slice(0, 16)
}

function prebuilt(schema: Record<string, unknown>): ValidateFunction | undefined {
  const file = join(PREBUILT_DIR, `${schemaHash(schema)}.cjs`)
  return existsSync(file) ? (requireCjs(file) as ValidateFunction) : undefined
}

/** Returns undefined when valid, else one readable line per problem. */
export function validateParams(key: string, schema: Record<string, unknown>, params: unknown): string | undefined {
  const validate = validatorFor(key, schema)
  if (validate(params)) return undefined
  return (validate.errors ?? []).map(describeError).join('; ')
}

export function describeError(e: ErrorObject): string {
  const where = e.instancePath ? e.instancePath.slice(1).replaceAll('/', '.') : ''
  switch (e.keyword) {
    case 'required':
      return `missing required parameter '${(e.params as {missingProperty: string}).missingProperty}'`
    case 'additionalProperties':
      return `unknown parameter '${(e.params as {additionalProperty: string}).additionalProperty}'`
    case 'enum':
      return `parameter '${where}' must be one of ${(e.params as {allowedValues: unknown[]}).allowedValues.join(', ')}`
    default:
      return `parameter '${where || '(params)'}' ${e.message}`
  }
}

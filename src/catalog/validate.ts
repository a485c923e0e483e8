// ajv validators built from each command's JSON Schema (the addon's one generator), so bad input is
// refused before it is sent, with a message naming the parameter.
import {Ajv, type ErrorObject, type ValidateFunction} from 'ajv'

const ajv = new Ajv({allErrors: true, strict: false})
const compiled = new Map<string, ValidateFunction>()

export function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
  let v = compiled.get(key)
  if (!v) {
    v = ajv.compile(schema)
    compiled.set(key, v)
  }
  return v
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

export {ajv}

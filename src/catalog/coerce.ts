// Turns a flag's text into the value its parameter doc declares, before anything is sent:
// `--count 3` an integer, `--position 1,2,3` or '[1,2,3]' a Vector3, `--color '#ff8800'` a Color, JSON
// for arrays and objects. A value that cannot be read as the declared type is refused, naming the flag.
import type {ParamDoc} from './catalog.js'
import {UsageError} from '../errors.js'

const VECTOR_SIZE: Record<string, number> = {Vector2: 2, Vector3: 3}

export function coerceFlag(param: ParamDoc, text: string, flag = `--${param.name.replaceAll('_', '-')}`): unknown {
  const fail = (expected: string): never => {
    throw new UsageError(`${flag}: expected ${expected}, got '${text}'`, {flag, param: param.name})
  }
  const trimmed = text.trim()
  switch (param.type) {
    case 'string':
    case 'NodePath':
      return text
    case 'enum':
      if (!param.values?.includes(trimmed)) fail(`one of ${param.values?.join(', ')}`)
      return trimmed
    case 'int':
      if (!/^[-+]?\d+$/.test(trimmed)) fail('an integer')
      return Number.parseInt(trimmed, 10)
    case 'float': {
      const n = Number(trimmed)
      if (trimmed === '' || !Number.isFinite(n)) fail('a number')
      return n
    }
    case 'bool':
      if (/^(true|1|yes|on)$/i.test(trimmed)) return true
      if (/^(false|0|no|off)$/i.test(trimmed)) return false
      return fail('true or false')
    case 'Vector2':
    case 'Vector3': {
      const size = VECTOR_SIZE[param.type]
      const nums = numberList(trimmed)
      if (!nums || nums.length !== size) fail(`${size} numbers, e.g. ${size === 2 ? '1,2' : '1,2,3'}`)
      return nums
    }
    case 'Color': {
      if (/^(#?[0-9a-f]{3,8}|[a-z_ ]+)$/i.test(trimmed)) return trimmed
      const nums = numberList(trimmed)
      if (!nums || nums.length < 3 || nums.length > 4) fail("a colour: '#ff8800', a name, or r,g,b(,a) in 0..1")
      return nums
    }
    case 'Array':
    case 'Dictionary': {
      const parsed = parseJson(trimmed)
      const ok = param.type === 'Array' ? Array.isArray(parsed) : isObject(parsed)
      if (!ok) fail(param.type === 'Array' ? 'a JSON array' : 'a JSON object')
      return parsed
    }
    default: {
      // any: JSON when it parses, the text otherwise
      const parsed = parseJson(trimmed)
      return parsed === undefined ? text : parsed
    }
  }
}

function numberList(text: string): number[] | undefined {
  const inner = text.replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '')
  const parts = inner.split(/\s*,\s*|\s+/).filter((p) => p !== '')
  const nums = parts.map(Number)
  return parts.length > 0 && nums.every((n) => Number.isFinite(n)) ? nums : undefined
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

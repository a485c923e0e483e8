// Turns a flag's text into the value its parameter doc declares, before anything is sent:
// `--count 3` an integer; vectors, colours and rects in one grammar (`1,2`, `(1, 2)`, `Vector2(1, 2)`,
// `[1, 2]`, `{"x": 1, "y": 2}`; colours also '#ff8800' or a name); lists as `a,b` or JSON; JSON for objects.
// A value that cannot be read as the declared type is refused, naming the flag and the accepted forms.
import type {ParamDoc} from './catalog.js'
import {UsageError} from '../errors.js'

/** Vector-like types: their component names, in order. */
const COMPONENTS: Record<string, string[]> = {
  Vector2: ['x', 'y'],
  Vector3: ['x', 'y', 'z'],
  Vector4: ['x', 'y', 'z', 'w'],
  Color: ['r', 'g', 'b', 'a'],
  Rect2: ['x', 'y', 'width', 'height'],
}

/** The forms every vector-like value is written in on the CLI, for error messages. */
export function acceptedForms(type: string): string {
  const names = COMPONENTS[type] ?? []
  const nums = names.map((_, i) => i + 1)
  const list = nums.join(',')
  const object =
    type === 'Rect2'
      ? '{"position": [1, 2], "size": [3, 4]}'
      : `{${names.map((n, i) => `"${n}": ${(type === 'Color' ? [1, 0.5, 0, 1] : nums)[i]}`).join(', ')}}`
  const colour = type === 'Color' ? "'#ff8800', a name such as 'red', " : ''
  const sample = type === 'Color' ? '1,0.5,0' : list
  return `${colour}${sample}, '(${sample.replaceAll(',', ', ')})', '${type}(${sample.replaceAll(',', ', ')})', '[${sample.replaceAll(',', ', ')}]' or '${object}'${type === 'Color' ? ' (components in 0..1, alpha optional)' : ''}`
}

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
    case 'Vector3':
    case 'Color': {
      const value = vectorLike(param.type, trimmed)
      return value === undefined ? fail(`a ${param.type}: ${acceptedForms(param.type)}`) : value
    }
    case 'Array': {
      const parsed = parseJson(trimmed)
      if (Array.isArray(parsed)) return parsed
      if (parsed === undefined && trimmed !== '' && !trimmed.startsWith('{')) return listItems(trimmed)
      return fail('a list: a,b,c or a JSON array \'["a", 1]\'')
    }
    case 'Dictionary': {
      const parsed = parseJson(trimmed)
      if (!isObject(parsed)) fail('a JSON object, e.g. \'{"key": 1}\'')
      return parsed
    }
    default: {
      // any: JSON when it parses, the text otherwise (the editor reads it by the property's type)
      const parsed = parseJson(trimmed)
      return parsed === undefined ? text : parsed
    }
  }
}

/**
 * One grammar for every vector-like type: `1,2` / `1 2`, `(1, 2)`, `Vector2(1, 2)`, `[1, 2]` and
 * `{"x": 1, "y": 2}`; colours also as '#rrggbb(aa)' or a name (sent as text), Rect2 also as
 * `{"position": [x, y], "size": [w, h]}`. The numbers, or undefined when the text is none of these.
 */
export function vectorLike(type: string, text: string): unknown {
  const names = COMPONENTS[type]
  if (type === 'Color' && /^(#?[0-9a-f]{3,8}|[a-z][a-z_ ]*)$/i.test(text) && !/^color$/i.test(text)) return text
  const parsed = text.startsWith('{') ? parseJson(text) : undefined
  if (isObject(parsed)) {
    if (type === 'Rect2' && Array.isArray(parsed.position) && Array.isArray(parsed.size)) {
      const nums: unknown[] = [...(parsed.position as unknown[]), ...(parsed.size as unknown[])]
      return nums.length === 4 && nums.every((n) => typeof n === 'number') ? nums : undefined
    }
    const keys = type === 'Color' ? names.filter((k) => k !== 'a' || 'a' in parsed) : names
    const nums = keys.map((k) => parsed[k])
    const extra = Object.keys(parsed).some((k) => !keys.includes(k))
    return !extra && nums.every((n) => typeof n === 'number' && Number.isFinite(n)) ? nums : undefined
  }
  const nums = numberList(text.replace(new RegExp(`^${type}\\s*(?=\\()`, 'i'), ''))
  if (!nums) return undefined
  if (type === 'Color') return nums.length === 3 || nums.length === 4 ? nums : undefined
  return nums.length === names.length ? nums : undefined
}

function numberList(text: string): number[] | undefined {
  const inner = text.replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '')
  const parts = inner.split(/\s*,\s*|\s+/).filter((p) => p !== '')
  const nums = parts.map(Number)
  return parts.length > 0 && nums.every((n) => Number.isFinite(n)) ? nums : undefined
}

/** `a,b,c` or `[a, b]` without JSON quotes: the items, each a JSON value when it reads as one, else text. */
function listItems(text: string): unknown[] {
  return text
    .replace(/^\[\s*/, '')
    .replace(/\s*\]$/, '')
    .split(/\s*,\s*/)
    .filter((p) => p !== '')
    .map((p) => {
      const v = parseJson(p)
      return v === undefined ? p : v
    })
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

// The addon writes its messages in its own terms (`scene.save`, `overwrite: true`); each surface reads them
// in its own: the CLI as `bridge scene save` and `--overwrite`, MCP as the tool `scene_save`.
import {loadCatalog} from './catalog.js'

export type Surface = 'cli' | 'mcp'

const METHOD = /(?<![\w./])([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)(?![\w(/])/g
const BOOL_PARAM = /\b([a-z][a-z0-9_]*): (true|false)\b/g

/** `message` with method names (and, on the CLI, `name: true` parameters) spelled for `surface`. */
export function forSurface(message: string, surface: Surface, methods: Iterable<string> = knownMethods()): string {
  const known = methods instanceof Set ? (methods as Set<string>) : new Set(methods)
  let out = message.replaceAll(METHOD, (whole, group: string, command: string) => {
    if (!known.has(`${group}.${command}`)) return whole
    return surface === 'cli' ? `bridge ${group} ${command.replaceAll('_', '-')}` : `${group}_${command}`
  })
  if (surface === 'cli')
    out = out.replaceAll(BOOL_PARAM, (_, name: string, value: string) =>
      value === 'true' ? `--${name.replaceAll('_', '-')}` : `--no-${name.replaceAll('_', '-')}`,
    )
  return out
}

let methods: Set<string> | undefined
function knownMethods(): Set<string> {
  methods ??= new Set(loadCatalog().map((c) => c.method))
  return methods
}

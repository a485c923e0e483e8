// One oclif command per addon command, generated from the catalog: `node.add` becomes
// `bridge node add --type Sprite2D --parent /root/Main --name Hero`, with the addon's own docs as help.
import {Flags, type Command} from '@oclif/core'

import {
  type CommandDoc,
  type ParamDoc,
  commandDoc,
  commandId,
  flagName,
  loadCatalog,
  methodFromId,
  verdictFailed,
} from '../catalog/catalog.js'
import {coerceFlag} from '../catalog/coerce.js'
import {validateParams} from '../catalog/validate.js'
import {EXIT, UsageError} from '../errors.js'
import {EngineCommand} from './engine-command.js'
import {returnsImages, saveImages, shortenImages} from './images.js'
import {returnsChecks, writeJunit} from './junit.js'
import {FILE_VALUE_HELP, connectionFlags, readFlagText} from './flags.js'

/** Reserved by the common flags: an addon parameter of the same name gets a `param-` prefix. */
const RESERVED = new Set([...Object.keys(connectionFlags), 'help'])

export function flagFor(param: ParamDoc): string {
  const name = flagName(param.name)
  return RESERVED.has(name) ? `param-${name}` : name
}

export function exampleLine(doc: CommandDoc): string {
  const parts = [`<%= config.bin %> ${commandId(doc.method).replace(':', ' ')}`]
  // in the order the parameters are declared (the editor's JSON sorts the example's keys)
  const example = doc.example ?? {}
  const keys = [...doc.params.map((p) => p.name).filter((k) => k in example), ...Object.keys(example)]
  for (const key of new Set(keys)) {
    const value = example[key]
    const param = doc.params.find((p) => p.name === key)
    const flag = param ? flagFor(param) : flagName(key)
    if (value === true && param?.type === 'bool') parts.push(`--${flag}`)
    else if (Array.isArray(value) && /^(Vector2|Vector3|Color)$/.test(param?.type ?? ''))
      parts.push(`--${flag} ${value.join(',')}`)
    else parts.push(`--${flag} ${shellQuote(typeof value === 'string' ? value : JSON.stringify(value))}`)
  }
  return parts.join(' ')
}

function shellQuote(s: string): string {
  return /^[\w./:@%+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`
}

function describeParam(p: ParamDoc): string {
  const extra: string[] = []
  if (p.type === 'enum') extra.push(`one of: ${p.values?.join(', ')}`)
  else extra.push(p.type)
  if (p.default !== undefined) extra.push(`default ${JSON.stringify(p.default)}`)
  if (p.min !== undefined || p.max !== undefined) extra.push(`range ${p.min ?? ''}..${p.max ?? ''}`)
  if (p.writes_path) extra.push('written path, res:// or user://')
  if (p.evaluates) extra.push('code run, in `bridge audit`')
  return `${p.description} (${extra.join('; ')})`
}

/** Reads flag text into typed params, then checks them against the command's schema. */
export function paramsFromFlags(doc: CommandDoc, flags: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const p of doc.params) {
    const value = flags[flagFor(p)]
    if (value === undefined) continue
    const flag = `--${flagFor(p)}`
    params[p.name] = p.type === 'bool' ? value : coerceFlag(p, readFlagText(String(value), flag), flag)
  }
  const problem = validateParams(doc.method, doc.input_schema, params)
  if (problem) throw new UsageError(`${doc.method}: ${problem}`)
  return params
}

export function makeAddonCommand(doc: CommandDoc): Command.Class {
  const flags: Record<string, unknown> = {...connectionFlags}
  for (const p of doc.params) {
    const options = {description: describeParam(p), required: p.required}
    flags[flagFor(p)] =
      p.type === 'bool'
        ? Flags.boolean({...options, allowNo: true})
        : Flags.string({...options, options: p.type === 'enum' ? p.values : undefined})
  }
  const images = returnsImages(doc)
  if (images)
    flags.out = Flags.string({
      description:
        'Write the image to this .png file (several: FILE_000.png, …), or into this folder as numbered files (CLI only)',
    })
  const checks = returnsChecks(doc)
  if (checks)
    flags.junit = Flags.string({
      description: 'Also write the checks as JUnit XML to this file, and exit 1 when any failed (CLI only, for CI)',
    })

  class AddonCommand extends EngineCommand {
    static summary = doc.summary
    static description = `Addon method: ${doc.method}${doc.read_only ? ' (read-only)' : ''}${doc.destructive ? ' (destructive)' : ''}. Every value flag also takes ${FILE_VALUE_HELP}.`
    static examples = [exampleLine(doc)]
    static flags = flags as typeof connectionFlags
    static enableJsonFlag = false

    async run(): Promise<void> {
      const {flags: parsed} = await this.parse(AddonCommand)
      const {out, junit, ...rest} = parsed as Record<string, unknown>
      const params = paramsFromFlags(doc, rest)
      let result = await this.callEditor(parsed, doc.method, params, doc.timeout_ms)
      const failed = checks && typeof junit === 'string' ? writeJunit(junit, doc.method, result) : 0
      if (images && typeof out === 'string') result = saveImages(result, out, doc.method.split('.')[1]).result
      else if (images && !parsed.json) result = shortenImages(result)
      this.print(result, parsed.json)
      // a verdict command exits like a test runner: a failed scenario, replay or comparison fails the shell step
      if (failed > 0 || verdictFailed(doc, result)) this.exit(EXIT.commandFailed)
    }
  }
  return AddonCommand as unknown as Command.Class
}

/**
 * The hand-written commands plus every catalog command, keyed by oclif id. oclif imports this map whenever any
 * command runs, and a one-shot asks it for one id: the map is a Proxy that builds that command's class from its
 * own doc file (the whole catalog is not even parsed), and validation loads only when that command validates.
 * Listing the map's keys (the manifest build) reads the catalog and builds every class.
 */
export function addonCommands(own: Record<string, Command.Class> = {}): Record<string, Command.Class> {
  const built = new Map<string, Command.Class | undefined>()
  const addonClass = (id: string): Command.Class | undefined => {
    // every addon id is `group:command`; anything else (`then`, asked when oclif awaits this map) is not one
    if (!id.includes(':')) return undefined
    if (!built.has(id)) {
      const doc = commandDoc(methodFromId(id))
      built.set(id, doc && commandId(doc.method) === id ? makeAddonCommand(doc) : undefined)
    }
    return built.get(id)
  }
  const isOwn = (key: string | symbol) => typeof key !== 'string' || Object.hasOwn(own, key)
  return new Proxy(own, {
    get: (target, key): unknown => (isOwn(key) ? Reflect.get(target, key) : addonClass(key as string)),
    has: (target, key) => isOwn(key) || addonClass(key as string) !== undefined,
    ownKeys: (target) => [...Reflect.ownKeys(target), ...loadCatalog().map((doc) => commandId(doc.method))],
    getOwnPropertyDescriptor(target, key) {
      if (isOwn(key)) return Reflect.getOwnPropertyDescriptor(target, key)
      const value = addonClass(key as string)
      return value && {value, enumerable: true, configurable: true, writable: false}
    },
  })
}

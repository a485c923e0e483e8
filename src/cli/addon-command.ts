// One oclif command per addon command, generated from the catalog: `node.add` becomes
// `bridge node add --type Sprite2D --parent /root/Main --name Hero`, with the addon's own docs as help.
import {Flags, type Command} from '@oclif/core'

import {type CommandDoc, type ParamDoc, commandId, flagName, loadCatalog} from '../catalog/catalog.js'
import {coerceFlag} from '../catalog/coerce.js'
import {validateParams} from '../catalog/validate.js'
import {UsageError} from '../errors.js'
import {EngineCommand} from './engine-command.js'
import {IMAGE_COMMANDS, saveImages, shortenImages} from './images.js'
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
  const images = IMAGE_COMMANDS.has(doc.method)
  if (images) flags.out = Flags.directory({description: 'Write the images as PNG files into this folder (CLI only)'})

  class AddonCommand extends EngineCommand {
    static summary = doc.summary
    static description = `Addon method: ${doc.method}${doc.read_only ? ' (read-only)' : ''}${doc.destructive ? ' (destructive)' : ''}. Every value flag also takes ${FILE_VALUE_HELP}.`
    static examples = [exampleLine(doc)]
    static flags = flags as typeof connectionFlags
    static enableJsonFlag = false

    async run(): Promise<void> {
      const {flags: parsed} = await this.parse(AddonCommand)
      const {out, ...rest} = parsed as Record<string, unknown>
      const params = paramsFromFlags(doc, rest)
      let result = await this.callEditor(parsed, doc.method, params, doc.timeout_ms)
      if (images && typeof out === 'string') result = saveImages(result, out, doc.method.split('.')[1]).result
      else if (images && !parsed.json) result = shortenImages(result)
      this.print(result, parsed.json)
    }
  }
  return AddonCommand as unknown as Command.Class
}

/**
 * Every catalog command, keyed by oclif id. oclif imports this map whenever any command runs, so each class is
 * built on first access (a getter), not up front: a run builds only its own command's flags, and validation
 * (ajv) loads only when that command validates. Enumerating the map (the manifest) builds them all. They are
 * added to `out`, never spread (a spread would call every getter).
 */
export function addonCommands(out: Record<string, Command.Class> = {}): Record<string, Command.Class> {
  for (const doc of loadCatalog()) {
    let built: Command.Class | undefined
    Object.defineProperty(out, commandId(doc.method), {
      enumerable: true,
      configurable: true,
      get: () => (built ??= makeAddonCommand(doc)),
    })
  }
  return out
}

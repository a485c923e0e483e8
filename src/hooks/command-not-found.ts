// Forwards a command the catalog does not know (a project-local command, a newer addon) to the live
// editor when it knows the method; otherwise ends non-zero with a suggestion, never a silent 0.
import type {Hook} from '@oclif/core'

import {flagFor, paramsFromFlags} from '../cli/addon-command.js'
import {IMAGE_COMMANDS, saveImages, shortenImages} from '../cli/images.js'
import {type CommandDoc, methodFromId} from '../catalog/catalog.js'
import {EngineClient} from '../editor/client.js'
import {BridgeCliError, EXIT} from '../errors.js'
import {formatHuman, wantsJson} from '../cli/output.js'
import {resolveProject} from '../editor/project.js'

const hook: Hook.CommandNotFound = async function (opts) {
  // one unwrapped line on stderr (oclif's error box wraps messages) and the documented exit code
  const fail = (message: string, options: {exit: number}): never => {
    process.stderr.write(`bridge: ${message}\n`)
    return this.exit(options.exit) as never
  }
  const id = opts.id
  const suggestion = closest(id.replaceAll(' ', ':'), opts.config.commandIDs)
  const hint = suggestion ? ` Did you mean 'bridge ${suggestion.replaceAll(':', ' ')}'?` : ''
  const parts = id.split(/[: ]/)
  if (parts.length !== 2)
    fail(`unknown command '${id.replaceAll(':', ' ')}'.${hint} See 'bridge --help'.`, {exit: EXIT.usage})
  const argv = opts.argv ?? []
  const flagValue = (name: string) => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  }
  const method = methodFromId(id)
  const client = await EngineClient.connect({projectRoot: resolveProject(flagValue('project'))}).catch(() => undefined)
  if (!client)
    return fail(`unknown command '${parts.join(' ')}' (and no editor is reachable to ask about '${method}').${hint}`, {
      exit: EXIT.usage,
    })
  try {
    const known = (await client.call<{commands: CommandDoc[]}>('engine.commands', {group: parts[0]})).commands
    const doc = known.find((c) => c.method === method)
    if (!doc)
      return fail(`unknown command '${parts.join(' ')}': the editor has no method '${method}'.${hint}`, {
        exit: EXIT.usage,
      })
    const images = IMAGE_COMMANDS.has(method)
    const params = {...JSON.parse(flagValue('params') ?? '{}'), ...paramsFromFlags(doc, looseFlags(argv, doc, images))}
    const timeout = Number(flagValue('timeout'))
    let result = await client.call(method, params, Number.isInteger(timeout) && timeout > 0 ? timeout : undefined)
    const json = wantsJson(argv.includes('--json'))
    const out = images ? flagValue('out') : undefined
    if (out) result = saveImages(result, out, method.split('.')[1]).result
    else if (images && !json) result = shortenImages(result)
    this.log(json ? JSON.stringify(result, null, 2) : formatHuman(result))
  } catch (error) {
    if (error instanceof BridgeCliError) fail(error.message, {exit: error.exitCode})
    throw error
  } finally {
    client.close()
  }
}

/** The flags of a command only the live editor knows, read with its live docs (booleans may stand alone). */
function looseFlags(argv: string[], doc: CommandDoc, images = false): Record<string, unknown> {
  const byFlag = new Map(doc.params.map((p) => [flagFor(p), p]))
  const out: Record<string, unknown> = {}
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(no-)?([\w-]+)(?:=(.*))?$/.exec(argv[i])
    if (!m || ['project', 'json', 'timeout', 'params', ...(images ? ['out'] : [])].includes(m[2])) {
      if (m && m[3] === undefined && m[2] !== 'json') i++
      continue
    }
    const param = byFlag.get(m[2])
    if (!param) throw new BridgeCliError(`${doc.method}: unknown flag --${m[2]}`, EXIT.usage, 'usage')
    if (param.type === 'bool') out[m[2]] = m[1] ? false : m[3] === undefined ? true : /^(true|1|yes|on)$/i.test(m[3])
    else out[m[2]] = m[3] ?? argv[++i]
  }
  return out
}

function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined
  let bestScore = Infinity
  for (const c of candidates) {
    const d = distance(word, c)
    if (d < bestScore) {
      bestScore = d
      best = c
    }
  }
  return best && bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}

function distance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]
}

export default hook

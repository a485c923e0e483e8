// Forwards a command the catalog does not know (a project-local command, a newer addon) to the live
// editor when it knows the method; otherwise ends non-zero with a suggestion, never a silent 0.
import type {Hook} from '@oclif/core'

import {flagFor, paramsFromFlags} from '../cli/addon-command.js'
import {prefixed} from '../cli/base-command.js'
import {announceUnchosen, unchosenWrite, withEditorProject} from '../cli/engine-command.js'
import {readFlagText} from '../cli/flags.js'
import {normaliseSwitches} from '../cli/switches.js'
import {suggestFlag, unexpectedArgument} from '../cli/usage.js'
import {returnsImages, saveImages, shortenImages} from '../cli/images.js'
import {returnsChecks, writeJunit} from '../cli/junit.js'
import {type CommandDoc, methodFromId} from '../catalog/catalog.js'
import {closest} from '../catalog/suggest.js'
import {forSurface} from '../catalog/wording.js'
import {EngineClient} from '../editor/client.js'
import {BridgeCliError, EXIT, UsageError} from '../errors.js'
import {formatHuman, formatJson, wantsJson} from '../cli/output.js'
import {resolveProject} from '../editor/project.js'

const hook: Hook.CommandNotFound = async function (opts) {
  const argv = opts.argv ?? []
  const json = wantsJson(argv.includes('--json'))
  // one unwrapped line on stderr (oclif's error box wraps messages), JSON on stdout when results would be
  // JSON, and the documented exit code
  const fail = (message: string, options: {exit: number; error?: BridgeCliError}): never => {
    const error = options.error ?? new UsageError(message)
    error.message = forSurface(message, 'cli')
    if (json) process.stdout.write(formatJson(error.toJSON()) + '\n')
    process.stderr.write(`${prefixed(error.message)}\n`)
    return this.exit(options.exit) as never
  }
  const id = opts.id
  const suggestion = closest(id.replaceAll(' ', ':'), opts.config.commandIDs)
  const hint = suggestion ? ` Did you mean 'bridge ${suggestion.replaceAll(':', ' ')}'?` : ''
  const parts = id.split(/[: ]/)
  // `bridge node set Hero`: a known command followed by a word that should have been a flag's value
  for (let n = parts.length - 1; n >= 1; n--) {
    const known = opts.config.findCommand(parts.slice(0, n).join(':'))
    if (known) {
      const message = unexpectedArgument(
        parts[n],
        known.flags as Record<string, {type?: string; required?: boolean}>,
        argv,
      )
      fail(`${message} See 'bridge ${parts.slice(0, n).join(' ')} --help'.`, {exit: EXIT.usage})
    }
  }
  if (parts.length !== 2)
    fail(`unknown command '${id.replaceAll(':', ' ')}'.${hint} See 'bridge --help'.`, {exit: EXIT.usage})
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
  const unchosen = resolveProject(flagValue('project')) ? undefined : announceUnchosen(client, json)
  try {
    const known = (await client.call<{commands: CommandDoc[]}>('engine.commands', {group: parts[0]})).commands
    const doc = known.find((c) => c.method === method)
    if (!doc)
      return fail(`unknown command '${parts.join(' ')}': the editor has no method '${method}'.${hint}`, {
        exit: EXIT.usage,
      })
    const refusal = unchosen ? unchosenWrite(client, method, doc.read_only === true) : undefined
    if (refusal) return fail(refusal.message, {exit: refusal.exitCode, error: refusal})
    const images = returnsImages(doc)
    const checks = returnsChecks(doc)
    const switches = Object.fromEntries(
      doc.params.map((p) => [flagFor(p), {type: p.type === 'bool' ? 'boolean' : 'option', allowNo: true}]),
    )
    const given = normaliseSwitches(argv, switches)
    const params = {...paramsJson(flagValue('params')), ...paramsFromFlags(doc, looseFlags(given, doc, images, checks))}
    const timeout = Number(flagValue('timeout'))
    let result = await client.call(method, params, Number.isInteger(timeout) && timeout > 0 ? timeout : undefined)
    const junit = checks ? flagValue('junit') : undefined
    const failed = junit ? writeJunit(junit, method, result) : 0
    const out = images ? flagValue('out') : undefined
    if (out) result = saveImages(result, out, method.split('.')[1]).result
    else if (images && !json) result = shortenImages(result)
    if (unchosen && json) result = withEditorProject(result, unchosen)
    this.log(json ? formatJson(result) : formatHuman(result))
    if (failed > 0) process.exitCode = EXIT.commandFailed
  } catch (error) {
    if (error instanceof BridgeCliError) fail(error.message, {exit: error.exitCode, error})
    throw error
  } finally {
    client.close()
  }
}

/** The flags of a command only the live editor knows, read with its live docs (booleans may stand alone). */
function looseFlags(argv: string[], doc: CommandDoc, images = false, checks = false): Record<string, unknown> {
  const byFlag = new Map(doc.params.map((p) => [flagFor(p), p]))
  const out: Record<string, unknown> = {}
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(no-)?([\w-]+)(?:=(.*))?$/.exec(argv[i])
    if (
      !m ||
      ['project', 'json', 'timeout', 'params', ...(images ? ['out'] : []), ...(checks ? ['junit'] : [])].includes(m[2])
    ) {
      if (m && m[3] === undefined && m[2] !== 'json') i++
      continue
    }
    const param = byFlag.get(m[2])
    if (!param) {
      const guess = suggestFlag(m[2], [...byFlag.keys()])
      const takes = byFlag.size > 0 ? `; it takes ${[...byFlag.keys()].map((f) => `--${f}`).join(', ')}` : ''
      throw new UsageError(`${doc.method}: unknown flag --${m[2]}${guess ? ` (did you mean --${guess}?)` : takes}`)
    }
    if (param.type === 'bool') out[m[2]] = m[1] ? false : m[3] === undefined ? true : /^(true|1|yes|on)$/i.test(m[3])
    else out[m[2]] = m[3] ?? argv[++i]
  }
  return out
}

/** `--params` of a forwarded command: a JSON object, also from @file or - (standard input). */
function paramsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(readFlagText(text, '--params'))
  } catch (error) {
    if (error instanceof BridgeCliError) throw error
    throw new UsageError(`--params: not valid JSON (${(error as Error).message})`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError('--params: must be a JSON object of named parameters')
  return parsed as Record<string, unknown>
}

export default hook

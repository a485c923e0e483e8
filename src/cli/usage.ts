// oclif's parse errors (a missing or unknown flag, a stray argument, a value not among the options) as
// bridge usage errors: exit 2, JSON under --json like every other failure, and a message that says what
// to type instead: the flag a positional argument should have been, the flag an unknown one probably is.
import type {Command} from '@oclif/core'

import {closest} from '../catalog/suggest.js'
import {UsageError} from '../errors.js'

/** Names people reach for, and the flags bridge calls them. */
const SYNONYMS: Record<string, string[]> = {
  class: ['type'],
  kind: ['type'],
  node: ['node-path', 'path'],
  path: ['node-path', 'file', 'scene'],
  prop: ['property'],
  props: ['properties'],
  val: ['value'],
  'parent-path': ['parent'],
  'new-name': ['name'],
  rename: ['new-name'],
  file: ['path'],
  scene: ['path'],
  args: ['params', 'arguments'],
  params: ['properties', 'args'],
  force: ['overwrite'],
}

interface FlagDef {
  description?: string
  required?: boolean
  type?: string
}

type Ctor = Pick<Command.Class, 'flags'> & {id?: string}

export function usageFailure(error: unknown, ctor: Ctor, argv: string[], id?: string): UsageError | undefined {
  const e = error as {name?: string; message?: string; args?: string[]; flags?: string[]; oclif?: {exit?: number}}
  if (!e || typeof e.message !== 'string') return undefined
  const flags = (ctor.flags ?? {}) as Record<string, FlagDef>
  const command = `bridge ${(id ?? ctor.id ?? '').replaceAll(':', ' ')}`.trim()
  const help = ` See '${command} --help'.`
  const message = stripAnsi(e.message).replace(/\n?See more help with --help\s*$/, '')
  switch (e.constructor?.name) {
    case 'UnexpectedArgsError': {
      const arg = e.args?.[0] ?? ''
      return new UsageError(`${unexpectedArgument(arg, flags, argv)}${help}`, {argument: arg})
    }
    case 'NonExistentFlagsError': {
      const given = (e.flags?.[0] ?? '').replace(/^-+/, '').replace(/=.*$/, '')
      const guess = suggestFlag(given, Object.keys(flags))
      const own = Object.keys(flags).filter((f) => !['project', 'timeout', 'json', 'help'].includes(f))
      const takes = own.length > 0 ? `; it takes ${own.map((f) => `--${f}`).join(', ')}` : ''
      return new UsageError(
        `unknown flag --${given}${guess ? ` (did you mean --${guess}?)` : takes}.${help}`,
        guess ? {flag: given, suggestion: guess} : {flag: given},
      )
    }
    case 'FailedFlagValidationError': {
      const missing = [...message.matchAll(/Missing required flag ([\w-]+)/g)].map((m) => m[1])
      if (missing.length > 0)
        return new UsageError(
          `missing required flag${missing.length > 1 ? 's' : ''} ${missing
            .map((f) => `--${f}${flags[f]?.description ? ` (${firstClause(flags[f].description!)})` : ''}`)
            .join(', ')}.${help}`,
          {missing},
        )
      return new UsageError(`${message.replace(/^The following errors? occurred:\s*/, '').trim()}.${help}`)
    }
    case 'FlagInvalidOptionError': {
      const m = /Expected --([\w-]+)=(.*) to be one of: (.*)$/s.exec(message)
      if (m) return new UsageError(`--${m[1]}: expected one of ${m[3].trim()}, got '${m[2]}'`, {flag: m[1]})
      break
    }
    case 'RequiredArgsError':
    case 'ArgInvalidOptionError':
      return new UsageError(`${message.replace(/^Missing/, 'missing').trim()}.${help}`)
  }
  if (e.oclif?.exit === 2 || /^(Parsing|Expected|Flag|Missing)/.test(message)) return new UsageError(message)
  return undefined
}

/** "unexpected argument 'Hero': flags are named, e.g. --node-path Hero." */
export function unexpectedArgument(arg: string, flags: Record<string, FlagDef>, argv: string[]): string {
  // a word after a switch was meant as its value: say how switches are written, not which flag takes words
  const before = argv[argv.indexOf(arg) - 1]
  const sw = before?.startsWith('--') ? before.slice(2) : undefined
  if (sw && flags[sw]?.type === 'boolean')
    return `unexpected argument '${arg}': --${sw} is a switch: --${sw}, --no-${sw}, --${sw}=false or --${sw} false.`
  const flag = flagForArgument(flags, argv)
  const example = flag ? `, e.g. --${flag} ${/\s/.test(arg) ? `'${arg}'` : arg}` : ''
  return `unexpected argument '${arg}': flags are named${example}.`
}

/** The flag a stray positional argument most likely meant: the first required one not given, else the first. */
export function flagForArgument(flags: Record<string, FlagDef>, argv: string[]): string | undefined {
  const given = new Set(argv.filter((a) => a.startsWith('--')).map((a) => a.slice(2).replace(/=.*$/, '')))
  const own = Object.entries(flags).filter(
    ([name, f]) => f.type !== 'boolean' && !['project', 'timeout'].includes(name),
  )
  return (own.find(([name, f]) => f.required && !given.has(name)) ?? own.find(([name]) => !given.has(name)))?.[0]
}

export function suggestFlag(given: string, names: string[]): string | undefined {
  const synonym = SYNONYMS[given]?.find((s) => names.includes(s))
  if (synonym) return synonym
  // the nearest by edits first: a longer flag that starts like a shorter one (--height-density, --height) must not
  // lose to it; an abbreviation (--max for --max-depth) when nothing is near
  const near = closest(given, names)
  if (near) return near
  const abbreviated = names.filter((n) => n.startsWith(given))
  return abbreviated.length === 1 ? abbreviated[0] : undefined
}

function firstClause(description: string): string {
  return description.split(/ \(|; /)[0]
}

function stripAnsi(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replaceAll(/\u001B\[[0-9;]*m/g, '')
}

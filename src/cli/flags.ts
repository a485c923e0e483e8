// The flags commands share, declared once: which project, how long to wait, and JSON output; and the one
// way every text flag reads a large value: `@file` for a file's contents, `-` for standard input.
import {Flags} from '@oclif/core'
import {readFileSync} from 'node:fs'

import {UsageError} from '../errors.js'

/** `--project DIR`: the Godot project, or a place inside one. `projectFlag({description})` says what it is for. */
export const projectFlag = Flags.custom<string>({
  description: 'Godot project directory (default: the one containing the working directory)',
})

/** `--json`; without it a command still prints JSON when stdout is not a terminal (output.ts wantsJson). */
export const jsonFlag = Flags.boolean({description: 'Print JSON (also the default when stdout is not a terminal)'})

/** Every --timeout of the CLI is in milliseconds. */
export const timeoutFlag = Flags.custom<number>({
  description: 'Milliseconds to wait for the editor to answer',
  async parse(input) {
    if (!/^\d+$/.test(input.trim()) || Number(input) < 1)
      throw new UsageError(`--timeout: expected a whole number of milliseconds, got '${input}'`)
    return Number(input)
  },
})

/** What every command that calls the editor takes. */
export const connectionFlags = {
  project: projectFlag(),
  timeout: timeoutFlag(),
  json: jsonFlag,
}

export const FILE_VALUE_HELP = '@FILE reads the value from a file, - from standard input'

/**
 * A text flag's value: `@path` is the file's contents, `-` is standard input, `@@…` is a literal `@…`;
 * anything else is itself.
 */
export function readFlagText(text: string, flag: string): string {
  if (text === '-') {
    try {
      return readFileSync(0, 'utf8')
    } catch (error) {
      throw new UsageError(`${flag} -: cannot read standard input (${(error as Error).message})`, {flag})
    }
  }
  if (text.startsWith('@@')) return text.slice(1)
  if (text.startsWith('@') && text.length > 1 && !text.includes('\n')) {
    try {
      return readFileSync(text.slice(1), 'utf8')
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
      throw new UsageError(`${flag} ${text}: ${reason} (write @@ for a value that starts with @)`, {flag})
    }
  }
  return text
}

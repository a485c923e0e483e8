// One grammar for switches (boolean flags) on every command: `--x`, `--no-x`, `--x=false` and `--x false` (also
// true/false as yes/no, on/off, 1/0). oclif itself takes only the first two; the others are rewritten to them
// before it parses, and a word that is neither true nor false is refused naming the switch.
import {UsageError} from '../errors.js'

const TRUE = /^(true|yes|on|1)$/i
const FALSE = /^(false|no|off|0)$/i

interface SwitchDef {
  type?: string
  allowNo?: boolean
}

export function normaliseSwitches(argv: string[], flags: Record<string, SwitchDef>): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--') {
      out.push(...argv.slice(i))
      break
    }
    const m = /^--([\w-]+)(?:=(.*))?$/s.exec(arg)
    const flag = m ? flags[m[1]] : undefined
    if (!m || flag?.type !== 'boolean') {
      out.push(arg)
      continue
    }
    let word = m[2]
    if (word === undefined && i + 1 < argv.length && (TRUE.test(argv[i + 1]) || FALSE.test(argv[i + 1])))
      word = argv[++i]
    if (word === undefined || TRUE.test(word)) out.push(`--${m[1]}`)
    else if (FALSE.test(word)) {
      if (flag.allowNo) out.push(`--no-${m[1]}`)
      // a switch without --no-x is off when absent: false leaves it out
    } else
      throw new UsageError(
        `--${m[1]}: a switch, expected true or false, got '${word}' (or write --${m[1]} / --no-${m[1]})`,
        {
          flag: m[1],
        },
      )
  }
  return out
}

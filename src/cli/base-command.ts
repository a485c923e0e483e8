// The base of every bridge command: results printed readable or as JSON, and a typed failure ending with
// its documented exit code, its message on stderr and, where results would be JSON, the error as JSON on stdout.
// oclif's own usage errors (missing or unknown flags, stray arguments) take the same road, reworded.
import {Command} from '@oclif/core'

import {methodFromId} from '../catalog/catalog.js'
import {forSurface} from '../catalog/wording.js'
import {BridgeCliError, EngineError} from '../errors.js'
import {formatHuman, formatJson, wantsJson} from './output.js'
import {normaliseSwitches} from './switches.js'
import {usageFailure} from './usage.js'

export abstract class BaseCommand extends Command {
  /** bridge's one switch grammar, --x, --no-x, --x=false and --x false (switches.ts), before oclif parses. */
  async init(): Promise<void> {
    await super.init()
    this.argv = normaliseSwitches(
      this.argv,
      (this.ctor.flags ?? {}) as Record<string, {type?: string; allowNo?: boolean}>,
    )
  }

  /** Prints a result: JSON under --json or when stdout is not a terminal, readable text otherwise. */
  protected print(result: unknown, json: boolean | undefined): void {
    this.log(wantsJson(json) ? formatJson(result) : formatHuman(result))
  }

  /** oclif's --json result (enableJsonFlag commands): indented on a terminal, one compact line for a program. */
  protected logJson(json: unknown): void {
    if (process.stdout.isTTY) super.logJson(json)
    else process.stdout.write(formatJson(json) + '\n')
  }

  /**
   * Whether a failure is also printed as JSON on stdout: whenever the command's results would be. A command
   * with oclif's --json (enableJsonFlag) prints text unless asked; the others print JSON off a terminal too.
   */
  protected failureAsJson(): boolean {
    const asked = (this.argv ?? []).includes('--json')
    return this.ctor.enableJsonFlag ? asked : wantsJson(asked)
  }

  protected async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    const typed = typedFailure(error) ?? usageFailure(error, this.ctor, this.argv ?? [], this.id)
    if (typed) {
      // `bridge run` takes method names, so its messages keep them
      if (typed instanceof EngineError && this.id !== 'run')
        typed.message = forSurface(withoutOwnName(typed.message, this.id), 'cli')
      // written directly: oclif mutes this.log under --json, and the error must be seen either way
      if (this.failureAsJson()) process.stdout.write(formatJson(typed.toJSON()) + '\n')
      process.stderr.write(`${prefixed(typed.message)}\n`)
      this.exit(typed.exitCode)
    }
    return super.catch(error)
  }
}

/**
 * The editor names the command in front of every error message (`node.get: …`); the person who typed
 * `bridge node get` knows which it was, so the CLI leaves its own name out (as MCP leaves out the tool's).
 */
export function withoutOwnName(message: string, id: string | undefined): string {
  if (!id?.includes(':')) return message
  const method = methodFromId(id)
  return message.startsWith(`${method}: `) ? message.slice(method.length + 2) : message
}

/** One `bridge:` in front of a message, never two (`bridge node set: …` already says where it is from). */
export function prefixed(message: string): string {
  return /^bridge[: ]/.test(message) ? message : `bridge: ${message}`
}

/** A typed failure, also when oclif wrapped one that a flag's parse function threw. */
function typedFailure(error: unknown): BridgeCliError | undefined {
  if (error instanceof BridgeCliError) return error
  const cause = (error as {cause?: unknown} | undefined)?.cause
  return cause instanceof BridgeCliError ? cause : undefined
}

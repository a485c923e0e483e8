// The base of every bridge command: a typed failure ends with its documented exit code, its message on
// stderr and, under --json or off a terminal, the error as JSON on stdout.
import {Command} from '@oclif/core'

import {BridgeCliError} from '../errors.js'
import {wantsJson} from './output.js'

export abstract class BaseCommand extends Command {
  protected async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    if (error instanceof BridgeCliError) {
      // written directly: oclif mutes this.log under --json, and the error must be seen either way
      if (wantsJson((this.argv ?? []).includes('--json'))) process.stdout.write(JSON.stringify(error.toJSON(), null, 2) + '\n')
      process.stderr.write(`bridge: ${error.message}\n`)
      this.exit(error.exitCode)
    }
    return super.catch(error)
  }
}

// The base of every command that talks to the editor: common flags, connecting to the right project,
// printing results, and turning failures into their documented exit codes and verdicts.
import {Flags} from '@oclif/core'

import {BaseCommand} from './base-command.js'

import {DEFAULT_TIMEOUT_MS, EngineClient} from '../editor/client.js'
import {formatHuman, wantsJson} from './output.js'
import {resolveProject} from '../editor/project.js'

export const connectionFlags = {
  project: Flags.string({description: 'Godot project directory (default: the one containing the working directory)'}),
  timeout: Flags.integer({description: 'Milliseconds to wait for the editor to answer', min: 1}),
  json: Flags.boolean({description: 'Print JSON (also the default when stdout is not a terminal)'}),
}

export abstract class EngineCommand extends BaseCommand {
  /** Calls one method on the project's editor and closes the connection. */
  protected async callEditor(
    flags: {project?: string; timeout?: number},
    method: string,
    params: Record<string, unknown>,
    defaultTimeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<unknown> {
    const projectRoot = resolveProject(flags.project)
    const client = await EngineClient.connect({projectRoot, connectTimeoutMs: Math.min(flags.timeout ?? 5000, 5000)})
    try {
      return await client.call(method, params, flags.timeout ?? defaultTimeoutMs)
    } finally {
      client.close()
    }
  }

  protected print(result: unknown, json: boolean | undefined): void {
    if (wantsJson(json)) this.log(JSON.stringify(result, null, 2))
    else this.log(formatHuman(result))
  }
}

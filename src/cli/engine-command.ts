// The base of every command that talks to the editor: connecting to the right project, calling one method
// and closing; flags, printing and failures come from the shared flags and the base command.
import {DEFAULT_TIMEOUT_MS, EngineClient} from '../editor/client.js'
import {resolveProject} from '../editor/project.js'
import {BaseCommand} from './base-command.js'

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
}

// The base of every command that talks to the editor: connecting to the right project, calling one method
// and closing; flags, printing and failures come from the shared flags and the base command. Outside any
// project the fallback port's editor answers, and the command says which project that editor serves.
import {commandDoc} from '../catalog/catalog.js'
import {DEFAULT_TIMEOUT_MS, EngineClient} from '../editor/client.js'
import {resolveProject} from '../editor/project.js'
import {UsageError} from '../errors.js'
import {BaseCommand} from './base-command.js'
import {wantsJson} from './output.js'

export abstract class EngineCommand extends BaseCommand {
  /** The project of the editor that answered when the command was run outside any project. */
  private unchosenProject?: string

  /** Calls one method on the project's editor and closes the connection. */
  protected async callEditor(
    flags: {project?: string; timeout?: number; json?: boolean},
    method: string,
    params: Record<string, unknown>,
    defaultTimeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<unknown> {
    return this.withEditor(flags, (client) => client.call(method, params, flags.timeout ?? defaultTimeoutMs))
  }

  /** Connects to the project's editor, runs `use` with the connection, and closes it. */
  protected async withEditor<T>(
    flags: {project?: string; timeout?: number; json?: boolean},
    use: (client: EngineClient) => Promise<T>,
  ): Promise<T> {
    const projectRoot = resolveProject(flags.project)
    const client = await EngineClient.connect({
      projectRoot,
      connectTimeoutMs: Math.min(flags.timeout ?? 5000, 5000),
      clientName: 'bridge cli',
    })
    if (!projectRoot) {
      this.unchosenProject = announceUnchosen(client, wantsJson(flags.json))
      client.refuseWhen((method) => unchosenWrite(client, method, commandDoc(method)?.read_only === true))
    }
    try {
      return await use(client)
    } finally {
      client.close()
    }
  }

  protected print(result: unknown, json: boolean | undefined): void {
    super.print(
      this.unchosenProject && wantsJson(json) ? withEditorProject(result, this.unchosenProject) : result,
      json,
    )
  }
}

/**
 * Outside any project: says on stderr (human mode) which project the answering editor serves, so nobody
 * edits a game without knowing which; returns that project for the `editor_project` field of JSON results.
 */
export function announceUnchosen(client: EngineClient, json: boolean): string {
  const served = client.hello.project_root
  if (!json)
    process.stderr.write(
      `bridge: not inside a Godot project; the editor on port ${client.port} serves ${served} (cd into a project or pass --project to choose)\n`,
    )
  return served
}

/**
 * Outside any project only reads go through: a newcomer in the wrong folder must not edit whichever project's
 * editor holds the fallback port. A method the catalog does not know counts as a write.
 */
export function unchosenWrite(client: EngineClient, method: string, readOnly: boolean): UsageError | undefined {
  if (readOnly) return undefined
  const served = client.hello.project_root
  return new UsageError(
    `not inside a Godot project, and ${method} changes one: the editor on port ${client.port} serves ${served}; run it from inside that project or pass --project ${served}`,
    {editor_project: served, method},
  )
}

/** A JSON result with the project of the editor that produced it: a field of an object, else a wrapper. */
export function withEditorProject(result: unknown, project: string): unknown {
  if (result && typeof result === 'object' && !Array.isArray(result)) return {...result, editor_project: project}
  return {result, editor_project: project}
}

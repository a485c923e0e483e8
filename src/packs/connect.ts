// The one-call way for a pack to reach the editor of a project: find the project as every bridge command
// does (--project, else the working directory and up), then open the identity-checked client.
import {type ConnectOptions, EngineClient} from '../editor/client.js'
import {requireProject} from '../editor/project.js'

export interface PackConnectOptions extends Omit<ConnectOptions, 'projectRoot'> {
  /** A project directory or a place inside one (a `--project` flag's value); default: the working directory. */
  project?: string
}

/**
 * Connects to the editor serving `options.project` (or the project around the working directory). Throws a
 * `UsageError` outside a project and an `UnreachableError` (with the editor's verdict) when none answers.
 * Close the client when done.
 */
export async function connect(options: PackConnectOptions = {}): Promise<EngineClient> {
  const {project, ...rest} = options
  return EngineClient.connect({...rest, projectRoot: requireProject(project)})
}

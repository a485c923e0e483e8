// The verdict on a project's editor, by who answers the port: running (a bridge editor of this project
// greets there), starting (its pid is alive but not answering), crashed (its pid is dead), closed (no
// editor of this project; `other` names the editor of another project that answered instead).
import {existsSync} from 'node:fs'

import type {Verdict} from '../errors.js'
import {greet} from './greeting.js'
import {type Discovery, discoveryPath, launchingPid, pidAlive, readDiscovery, tcpProbe} from './discovery.js'
import {sameDir} from './project.js'

export interface EditorState {
  verdict: Verdict
  /** The greeting of the editor that serves the project (or any editor, without a project). */
  hello?: Discovery
  /** The editor of another project that answered the port instead. */
  other?: Discovery
}

/** Who answers `port`, judged for `projectRoot`; without a project, any bridge editor is `running`. */
export async function editorState(projectRoot: string | undefined, port: number): Promise<EditorState> {
  const found = projectRoot ? readDiscovery(projectRoot) : undefined
  const dialled = found?.ws_port || port
  const hello = await greet(dialled)
  if (hello && (!projectRoot || sameDir(hello.project_root, projectRoot))) return {verdict: 'running', hello}
  if (hello) return {verdict: fileVerdict(projectRoot), other: hello}
  if (await tcpProbe(dialled)) return {verdict: 'running'} // bound but not greeting (yet): leave it to the call
  return {verdict: fileVerdict(projectRoot)}
}

export async function verdictFor(projectRoot: string | undefined, port: number): Promise<Verdict> {
  return (await editorState(projectRoot, port)).verdict
}

/** What the discovery file says when no editor of the project answers. */
function fileVerdict(projectRoot: string | undefined): Verdict {
  if (!projectRoot) return 'closed'
  if (!existsSync(discoveryPath(projectRoot))) return launchingPid(projectRoot) ? 'starting' : 'closed'
  const found = readDiscovery(projectRoot)
  if (!found) return 'starting' // half-written or hand-edited: treated like an editor still starting
  return pidAlive(found.pid) ? 'starting' : 'crashed'
}

/** "the editor on port 9080 serves /home/me/other (pid 123)", for messages. */
export function describeOther(other: Discovery, port: number): string {
  return `the editor on port ${port} serves ${other.project_root}${other.pid ? ` (pid ${other.pid})` : ''}`
}

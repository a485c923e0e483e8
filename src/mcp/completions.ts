// completion/complete: argument values a client can offer while the user types. The `spatial-placement` prompt's
// `target` completes to the node paths of the scene open in the editor (scene.tree), and the `engine://class/{name}`
// template's `name` to the editor's classes (engine.classes). Both read the live editor; while it is down there
// is nothing to offer, which is an empty answer, not an error.
import type {CompleteResult, Server} from '@modelcontextprotocol/server'

import type {EditorLink} from './editor-link.js'
import {CLASS_TEMPLATE} from './resources.js'

/** The most values one answer carries (the MCP limit). */
const MAX_VALUES = 100

interface TreeNode {
  path?: string
  children?: TreeNode[]
}

/** Every node path of a scene.tree answer, the root first. */
export function nodePaths(tree: TreeNode): string[] {
  const out: string[] = []
  const walk = (node: TreeNode) => {
    if (typeof node.path === 'string') out.push(node.path)
    for (const child of node.children ?? []) walk(child)
  }
  walk(tree)
  return out
}

/** The values that start with what was typed (case-insensitive), then those that contain it. */
export function matching(values: string[], typed: string): CompleteResult['completion'] {
  const lower = typed.toLowerCase()
  const starts = values.filter((v) => v.toLowerCase().startsWith(lower))
  const contains = values.filter((v) => !v.toLowerCase().startsWith(lower) && v.toLowerCase().includes(lower))
  const all = [...starts, ...contains]
  return {values: all.slice(0, MAX_VALUES), total: all.length, hasMore: all.length > MAX_VALUES}
}

export async function complete(
  link: EditorLink,
  ref: {type: string; name?: string; uri?: string},
  argument: {name: string; value: string},
): Promise<CompleteResult> {
  const none = {completion: {values: [], total: 0, hasMore: false}}
  try {
    if (ref.type === 'ref/prompt' && ref.name === 'spatial-placement' && argument.name === 'target') {
      const tree = (await link.call('scene.tree', {})) as TreeNode
      return {completion: matching(nodePaths(tree), argument.value)}
    }
    if (ref.type === 'ref/resource' && ref.uri === CLASS_TEMPLATE && argument.name === 'name') {
      const answer = (await link.call('engine.classes', {filter: argument.value, limit: 1000})) as {
        classes: (string | {name: string})[]
      }
      const names = answer.classes.map((c) => (typeof c === 'string' ? c : c.name))
      return {completion: matching(names, argument.value)}
    }
  } catch {
    return none // no editor (or no open scene): nothing to offer
  }
  return none
}

export function registerCompletions(server: Server, link: EditorLink): void {
  server.setRequestHandler('completion/complete', (request) =>
    complete(link, request.params.ref as {type: string; name?: string; uri?: string}, request.params.argument),
  )
}

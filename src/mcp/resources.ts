// The read-only `engine://` resources (addon/mcp/resources.json), each backed by one read-only command.
import type {Server} from '@modelcontextprotocol/sdk/server/index.js'
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js'

import {BridgeCliError} from '../errors.js'
import type {EditorLink} from './editor-link.js'
import {readSurfaceJson} from './surface.js'

export interface ResourceDef {
  uri: string
  name: string
  description: string
  method: string
  params: Record<string, unknown>
}

/** MCP's "resource not found" code. */
const RESOURCE_NOT_FOUND = -32002

export const RESOURCES: ResourceDef[] = readSurfaceJson<ResourceDef[]>('resources.json')

export function listResources(): Resource[] {
  return RESOURCES.map(({uri, name, description}) => ({uri, name, description, mimeType: 'application/json'}))
}

export async function readResource(link: EditorLink, uri: string): Promise<ReadResourceResult> {
  const def = RESOURCES.find((r) => r.uri === uri)
  if (!def)
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `unknown resource ${uri}; resources/list has ${RESOURCES.map((r) => r.uri).join(', ')}`,
    )
  try {
    const value = await link.call(def.method, def.params)
    return {contents: [{uri, mimeType: 'application/json', text: JSON.stringify(value)}]}
  } catch (error) {
    if (error instanceof BridgeCliError)
      throw new McpError(ErrorCode.InternalError, `${uri}: ${error.message}`, error.data)
    throw error
  }
}

/** resources/list and resources/read: each read runs its command on the editor (an error while it is down). */
export function registerResources(server: Server, link: EditorLink): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({resources: listResources()}))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(link, request.params.uri))
}

// The read-only `engine://` resources (addon/mcp/resources.json), each backed by one read-only command.
import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
  type Server,
} from '@modelcontextprotocol/server'

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

/** An unknown resource: the 2026-07-28 revision answers Invalid Params on every era (the SDK maps -32002 so). */
const RESOURCE_NOT_FOUND = ProtocolErrorCode.InvalidParams

/** Class documentation by name: engine.class_info; its `name` completes to the engine's classes (completions.ts). */
export const CLASS_TEMPLATE = 'engine://class/{name}'
const CLASS_URI = /^engine:\/\/class\/([A-Za-z_][A-Za-z0-9_]*)$/

export function listResourceTemplates(): ResourceTemplateType[] {
  return [
    {
      uriTemplate: CLASS_TEMPLATE,
      name: 'class',
      title: 'Engine class documentation',
      description:
        "One engine class as the running editor has it: description, properties, methods, signals, constants (engine.class_info). The name completes to the editor's classes.",
      mimeType: 'application/json',
    },
  ]
}

export const RESOURCES: ResourceDef[] = readSurfaceJson<ResourceDef[]>('resources.json')

export function listResources(): Resource[] {
  return RESOURCES.map(({uri, name, description}) => ({uri, name, description, mimeType: 'application/json'}))
}

export async function readResource(link: EditorLink, uri: string): Promise<ReadResourceResult> {
  const klass = CLASS_URI.exec(uri)
  const def = klass
    ? {uri, name: 'class', description: '', method: 'engine.class_info', params: {class: klass[1]}}
    : RESOURCES.find((r) => r.uri === uri)
  if (!def)
    throw new ProtocolError(
      RESOURCE_NOT_FOUND,
      `unknown resource ${uri}; resources/list has ${RESOURCES.map((r) => r.uri).join(', ')}, and the template ${CLASS_TEMPLATE}`,
    )
  try {
    const value = await link.call(def.method, def.params)
    return {contents: [{uri, mimeType: 'application/json', text: JSON.stringify(value)}]}
  } catch (error) {
    if (error instanceof BridgeCliError)
      throw new ProtocolError(
        klass ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError,
        `${uri}: ${error.message}`,
        error.data,
      )
    throw error
  }
}

/** resources/list and resources/read: each read runs its command on the editor (an error while it is down). */
export function registerResources(server: Server, link: EditorLink): void {
  server.setRequestHandler('resources/list', async () => ({resources: listResources()}))
  server.setRequestHandler('resources/templates/list', async () => ({resourceTemplates: listResourceTemplates()}))
  server.setRequestHandler('resources/read', (request) => readResource(link, request.params.uri))
}

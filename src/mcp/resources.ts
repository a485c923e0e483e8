// The read-only `engine://` resources (addon/mcp/resources.json), each backed by one read-only command, as serve
// lists them while no editor is up (the editor answers them otherwise: addon/mcp/resources.gd).
import {ProtocolError, ProtocolErrorCode, type Resource, type ResourceTemplateType} from '@modelcontextprotocol/server'

import {BridgeCliError} from '../errors.js'
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

/** Class documentation by name: engine.class_info; its `name` completes to the engine's classes (the editor's). */
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

/**
 * The early answer to a read while no editor is up: every resource is a command's answer, so it names why it
 * cannot be read (the verdict) as the editor's own failure to read would.
 */
export function unreadable(uri: string, down: BridgeCliError): never {
  if (!CLASS_URI.test(uri) && !RESOURCES.some((r) => r.uri === uri))
    throw new ProtocolError(
      RESOURCE_NOT_FOUND,
      `unknown resource ${uri}; resources/list has ${RESOURCES.map((r) => r.uri).join(', ')}, and the template ${CLASS_TEMPLATE}`,
    )
  throw new ProtocolError(
    CLASS_URI.test(uri) ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError,
    `${uri}: ${down.message}`,
    down.data,
  )
}

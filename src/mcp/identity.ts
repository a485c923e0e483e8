// Who `bridge serve` says it is in its `initialize` answer, in one place: the SDK server (index.ts) and the
// transport that answers `initialize` before the SDK has loaded (early-stdio.ts) both use these.
// The name and title are addon/mcp/toolsets.json's `server` (the addon's endpoint.gd reads the same).
import {SERVER_NAME, SERVER_TITLE} from '../surface/identity.js'

/** serverInfo, the same over stdio and HTTP. */
export function serverInfo(version: string): {name: string; title: string; version: string} {
  return {name: SERVER_NAME, title: SERVER_TITLE, version}
}

/** As the addon's endpoint.gd says them; tools.listChanged is true here only: stdio holds a stream to notify on. */
export const SERVER_CAPABILITIES = {
  tools: {listChanged: true},
  resources: {listChanged: false},
  prompts: {listChanged: false},
  completions: {},
}

/** Tools named as both transports list them (engine_search, not the method engine.search): endpoint.gd's INSTRUCTIONS. */
export const SERVER_INSTRUCTIONS =
  'Drives a live Godot editor. The typed tools listed are a core that runs the whole loop; bridge_find finds any other command by words (its method and input schema) and engine_run runs it at once; bridge_toolsets lists and changes which typed tools are listed. Ground on the live API (engine_search, engine_class_info; through engine_run where not listed) before acting; verify every change by reading state back.'

/** The stateless revisions the SDK v2 server speaks (its server/discover's supportedVersions). */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28']

/** The SDK's SUPPORTED_PROTOCOL_VERSIONS, newest first (a unit test keeps them equal). */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']

/** The SDK server's rule: the client's version when supported, else the newest. */
export function negotiatedProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : SUPPORTED_PROTOCOL_VERSIONS[0]
}

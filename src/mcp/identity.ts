// Who `bridge serve` says it is in its `initialize` answer, in one place: the SDK server (index.ts) and the
// transport that answers `initialize` before the SDK has loaded (early-stdio.ts) both use these.
export const SERVER_NAME = 'godot-bridge'

export const SERVER_CAPABILITIES = {tools: {listChanged: true}, resources: {}, prompts: {}, completions: {}}

export const SERVER_INSTRUCTIONS =
  'Drives a live Godot editor. Ground on the live API (engine.search, engine.class_info, engine.commands) before acting; verify every change by reading state back.'

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

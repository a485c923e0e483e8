// Who the server is, from addon/mcp/toolsets.json `server`: the name clients key its entry by (bridge configure)
// and both transports send in serverInfo, and the tools listed whatever toolsets are enabled. Kept apart from
// toolsets.ts so serve's early stdio answer reads one small JSON file and nothing else.
import {surfaceFile} from './file.js'

export const SERVER_NAME = surfaceFile().server.name
/** The human name both transports send in serverInfo. */
export const SERVER_TITLE = surfaceFile().server.title
/** engine_run, bridge_toolsets and bridge_find: listed whatever toolsets are enabled; they count toward max_tools. */
export const ALWAYS_LISTED = surfaceFile().always_listed.length

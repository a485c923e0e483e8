// The `--toolsets` a client's entry gets: the client's preferred toolsets (addon/mcp/toolsets.json) that fit
// its tool limit with the commands the catalog knows, `all` where it has no limit, or what the user asked.
import {loadCatalog} from '../catalog/catalog.js'
import {TOOLSETS, fitProfile, toolsetsFor} from '../mcp/toolsets.js'

export interface ToolsetChoice {
  /** What goes after `--toolsets` (and in the URL's `?toolsets=`); undefined: leave it to the server. */
  value?: string
  note?: string
}

/** engine_run and bridge_toolsets, listed whatever is enabled. */
const ALWAYS_LISTED = 2

export function toolsetsForClient(clientId: string, asked?: string): ToolsetChoice {
  if (asked === 'auto') return {}
  if (asked) return {value: asked}
  const profile = TOOLSETS.clients.find((c) => c.name === clientId)
  if (!profile || profile.max_tools === null || profile.toolsets.includes('all')) return {value: 'all'}
  const chosen = fitProfile(toolsetsFor(loadCatalog()), profile.toolsets, profile.max_tools, ALWAYS_LISTED)
  const value = chosen.length > 0 ? chosen.join(',') : 'none'
  return {
    value,
    note: `toolsets ${value}: what fits ${profile.max_tools} tools (${profile.why}); the agent changes them with bridge_toolsets, and engine_run runs any command`,
  }
}

/** The HTTP endpoint's URL with the toolsets as its query (none for all: the endpoint's default). */
export function withToolsets(url: string, value: string | undefined): string {
  if (!value || value === 'all') return url
  return `${url}${url.includes('?') ? '&' : '?'}toolsets=${value}`
}

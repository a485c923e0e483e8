// The `--toolsets` a client's entry gets: the client's preferred toolsets (addon/mcp/toolsets.json) that fit
// its tool limit (if it has one) with the commands the catalog knows — the small core for a client with none —
// or what the user asked (`all`: everything).
import {loadCatalog} from '../catalog/catalog.js'
import {ALWAYS_LISTED, SURFACE as TOOLSETS, fitProfile, toolsetsFor} from '../surface/toolsets.js'

export interface ToolsetChoice {
  /** What goes after `--toolsets` (and in the URL's `?toolsets=`); undefined: leave it to the server. */
  value?: string
  note?: string
}

export function toolsetsForClient(clientId: string, asked?: string): ToolsetChoice {
  if (asked === 'auto') return {}
  if (asked) return {value: asked}
  const profile = TOOLSETS.clients.find((c) => c.name === clientId)
  const preferred = profile?.toolsets ?? TOOLSETS.unknown_client.toolsets
  if (preferred.includes('all')) return {value: 'all'}
  const cap = profile?.max_tools ?? null
  const chosen = fitProfile(toolsetsFor(loadCatalog()), preferred, cap, ALWAYS_LISTED)
  const value = chosen.length > 0 ? chosen.join(',') : 'none'
  // the default is the small core for every client; a cap is where widening stops (bridge_toolsets refuses past it)
  const limit = cap === null ? '' : `; the client takes at most ${cap} tools (${profile?.why}), so widen within that`
  return {
    value,
    note: `toolsets ${value}: the small core${limit}; --toolsets all lists every command, the agent changes them with bridge_toolsets, bridge_find finds any command and engine_run runs it`,
  }
}

/** The HTTP endpoint's URL with the toolsets as its query (`all` too: without one the endpoint lists the client's default). */
export function withToolsets(url: string, value: string | undefined): string {
  if (!value) return url
  return `${url}${url.includes('?') ? '&' : '?'}toolsets=${value}`
}

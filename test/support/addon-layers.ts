// The addon's layers (docs/architecture.md, "The layers"): which top folder's scripts may name which folder's
// scripts, read from the preload graph (test/support/preload-graph.ts). core/ is the floor and stands on nothing
// else; lib/ stands on core/; commands/ on both; transports and mcp/ on core/ only; the game's scripts on core/ only.
import {addonPath, preloadGraph} from './preload-graph.js'

/** A folder of the addon → the folders its scripts may name (itself included), each with why. */
export const LAYERS: Record<string, {may: string[]; why: string}> = {
  // the running game's side of the mailbox (game/ipc.gd, game/process_info.gd, …) is shared with the editor's
  commands: {
    may: ['commands/', 'lib/', 'core/', 'game/'],
    why: 'commands/ may preload commands/, lib/, core/ and game/',
  },
  core: {may: ['core/'], why: 'core/ is the floor: it may preload only core/'},
  dock: {may: ['dock/', 'core/'], why: 'dock/ may preload only dock/ and core/'},
  game: {may: ['game/', 'core/'], why: 'game/ (the running game) may preload only game/ and core/'},
  lib: {may: ['lib/', 'core/', 'game/'], why: 'lib/ may preload only lib/, core/ and game/'},
  // the MCP endpoint answers on the HTTP transport's wire (JSON-RPC ids, HTTP heads), so it names those helpers
  mcp: {may: ['mcp/', 'core/', 'transport/net/'], why: 'mcp/ may preload only mcp/, core/ and transport/net/'},
  transport: {may: ['transport/', 'core/'], why: 'transport/ may preload only transport/ and core/'},
}

/** Who a script is in the table: its top folder, or "" for a file at the addon's top (plugin.gd: it wires them all). */
function layerOf(rel: string): string {
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : ''
}

/**
 * Every edge of the addon at `addon` that goes the wrong way, as "from → to: the rule", and how many edges were
 * judged. A script in a folder the table does not name is reported too (a new folder needs its row).
 */
export function layerViolations(addon: string): {checked: number; wrong: string[]} {
  const wrong: string[] = []
  let checked = 0
  // a load by path is a use too (game/inspector.gd builds its log by path): judged the same way
  for (const [file, targets] of preloadGraph(addon, {byPath: true})) {
    const from = addonPath(addon, file)
    const layer = layerOf(from)
    if (layer === '') continue
    const rule = LAYERS[layer]
    if (rule === undefined) {
      wrong.push(`${from}: addon/${layer}/ has no row in the layer table (test/support/addon-layers.ts)`)
      continue
    }
    for (const target of targets) {
      checked++
      const to = addonPath(addon, target)
      if (!rule.may.some((prefix) => to.startsWith(prefix))) wrong.push(`${from} → ${to}: ${rule.why}`)
    }
  }
  return {checked, wrong}
}

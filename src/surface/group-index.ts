// What each built-in command group says about itself: addon/commands/<group>/index.json (the addon's
// core/group_index.gd reads the same files): its one-line summary and the toolset its commands belong to.
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {addonSourceDir} from '../editor/install.js'

export interface GroupIndex {
  summary: string
  toolset: string
}

/** The groups a newcomer meets first, listed first (the addon's core/group_index.gd CORE_ORDER). */
const CORE_ORDER = ['project', 'engine', 'scene', 'node', 'editor']

/** group name -> its index, for every folder of the addon's commands/, in registration order: CORE_ORDER, then the others alphabetically. */
export function readGroupIndexes(commandsDir: string = join(addonSourceDir(), 'commands')): Map<string, GroupIndex> {
  const out = new Map<string, GroupIndex>()
  const folders = readdirSync(commandsDir, {withFileTypes: true})
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  const ordered = [...CORE_ORDER.filter((n) => folders.includes(n)), ...folders.filter((n) => !CORE_ORDER.includes(n))]
  for (const name of ordered) {
    const file = join(commandsDir, name, 'index.json')
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<GroupIndex>
    if (typeof data.summary !== 'string' || typeof data.toolset !== 'string')
      throw new Error(`${file}: needs a string summary and toolset`)
    out.set(name, {summary: data.summary, toolset: data.toolset})
  }
  return out
}

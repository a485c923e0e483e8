// The GDScript command files this pack installs into a project's res://bridge_commands/.
import {readdirSync} from 'node:fs'
import {join} from 'node:path'

export const GDSCRIPT_DIR = join(import.meta.dirname, '..', 'gdscript')

/** Absolute paths of the pack's command files. */
export function commandFiles() {
  return readdirSync(GDSCRIPT_DIR)
    .filter((f) => f.endsWith('.gd'))
    .sort()
    .map((f) => join(GDSCRIPT_DIR, f))
}

// One line for a person setting bridge up whose shell would run another `bridge` (iproute2's, first on PATH on
// most Debian and Ubuntu systems): what they type next would not reach this tool. Said on stderr, never in JSON.
import {otherBridgeOnPath} from '../configure/entry.js'

export function pathNote(pathEnv = process.env.PATH ?? '', platform = process.platform): string | undefined {
  const other = otherBridgeOnPath(pathEnv, platform)
  return other
    ? `bridge: note: \`bridge\` on your PATH is ${other}, another program; type \`godot-bridge\` instead (the same CLI), or put npm's bin folder before it on PATH`
    : undefined
}

/** Writes the note, if there is one, to stderr. */
export function warnOtherBridge(): void {
  const note = pathNote()
  if (note) process.stderr.write(note + '\n')
}

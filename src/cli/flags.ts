// The flags commands share, declared once: which project, how long to wait, and JSON output.
import {Flags} from '@oclif/core'

/** `--project DIR`: the Godot project, or a place inside one. `projectFlag({description})` says what it is for. */
export const projectFlag = Flags.custom<string>({
  description: 'Godot project directory (default: the one containing the working directory)',
})

/** `--json`; without it a command still prints JSON when stdout is not a terminal (output.ts wantsJson). */
export const jsonFlag = Flags.boolean({description: 'Print JSON (also the default when stdout is not a terminal)'})

/** What every command that calls the editor takes. */
export const connectionFlags = {
  project: projectFlag(),
  timeout: Flags.integer({description: 'Milliseconds to wait for the editor to answer', min: 1}),
  json: jsonFlag,
}

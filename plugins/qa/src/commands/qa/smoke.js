// `bridge qa smoke --scene res://…`: the smoke test from a shell. A readable report (or JSON with --json),
// report.json and the frames with --out, and exit 1 when anything broke.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

import {BridgeCliError, Command, connect, Flags, UsageError} from 'bridge-godot'

import {formatReport, jsonReport} from '../../report.js'
import {DEFAULTS, runSmoke} from '../../smoke.js'

export default class Smoke extends Command {
  static summary =
    'Play a scene, drive a short input script, capture frames and collect runtime errors; exit 1 if anything broke.'
  static description =
    'The game is always stopped afterwards. A script error that pauses the game in the debugger, an error or script error the game logged, a game that exits, or an input script that cannot be delivered is a problem. Frames need a game with a renderer (an editor under a display such as Xvfb); a headless game reports none.'
  static examples = [
    '<%= config.bin %> qa smoke --scene res://scenes/main.tscn',
    `<%= config.bin %> qa smoke --scene res://scenes/main.tscn --input '[{"type":"action","action":"move_right","pressed":true},{"type":"wait","frames":30}]' --out qa-report`,
    '<%= config.bin %> qa smoke --scene main --input @smoke-input.json --json',
  ]
  static flags = {
    scene: Flags.string({required: true, summary: 'Scene to play: a res:// scene file, main or current'}),
    input: Flags.string({summary: 'Input script: a JSON array of input.sequence events, or @FILE holding one'}),
    frames: Flags.integer({default: DEFAULTS.frames, min: 0, max: 60, summary: 'Frames to capture (0: none)'}),
    interval: Flags.integer({
      default: DEFAULTS.intervalFrames,
      min: 1,
      max: 600,
      summary: 'Drawn frames between captures',
    }),
    display: Flags.option({
      options: ['auto', 'headless', 'window'],
      default: 'auto',
      summary: 'How the game runs (scene.play)',
    })(),
    'settle-ms': Flags.integer({
      default: DEFAULTS.settleMs,
      min: 0,
      max: 60_000,
      summary: 'Let the game run this long before reading its errors',
    }),
    'fail-on-warnings': Flags.boolean({summary: 'Count warnings (and blank frames) as problems'}),
    out: Flags.string({summary: 'Write report.json and the frames (frame_000.png, …) into this folder'}),
    json: Flags.boolean({summary: 'Print the JSON report instead of the readable one'}),
    project: Flags.string({summary: 'Project directory (default: the one around the working directory)'}),
  }

  async run() {
    const {flags} = await this.parse(Smoke)
    try {
      const input = parseInput(flags.input)
      const client = await connect({project: flags.project})
      let report
      try {
        report = await runSmoke((method, params, timeout) => client.call(method, params, timeout), {
          scene: flags.scene,
          input,
          frames: flags.frames,
          intervalFrames: flags.interval,
          display: flags.display,
          settleMs: flags['settle-ms'],
          failOnWarnings: flags['fail-on-warnings'],
        })
      } finally {
        client.close()
      }
      const saved = flags.out ? saveFrames(report, resolve(flags.out)) : []
      const data = jsonReport(report, saved)
      if (flags.out) writeFileSync(join(resolve(flags.out), 'report.json'), JSON.stringify(data, null, 2) + '\n')
      this.log(flags.json ? JSON.stringify(data, null, 2) : formatReport(report))
      if (!report.ok) this.exit(1)
    } catch (error) {
      if (error instanceof BridgeCliError) {
        this.logToStderr(`bridge: ${error.message}`) // one unwrapped line, as the core's commands print it
        this.exit(error.exitCode)
      }
      throw error
    }
  }
}

/** @param {string | undefined} text */
function parseInput(text) {
  if (text === undefined) return []
  const raw = text.startsWith('@') ? readFileSync(text.slice(1), 'utf8') : text
  let events
  try {
    events = JSON.parse(raw)
  } catch (error) {
    throw new UsageError(`--input: not valid JSON (${error.message})`)
  }
  if (!Array.isArray(events) || events.some((e) => !e || typeof e !== 'object' || typeof e.type !== 'string'))
    throw new UsageError(
      '--input: must be a JSON array of events, each with a type (action, key, mouse_button, mouse_motion, text, wait)',
    )
  return events
}

/** @param {import('../../smoke.js').SmokeReport} report @param {string} dir */
function saveFrames(report, dir) {
  mkdirSync(dir, {recursive: true})
  return report.frames.items.map((f) => {
    const file = join(dir, `frame_${String(f.index).padStart(3, '0')}.png`)
    writeFileSync(file, Buffer.from(f.image_base64 ?? '', 'base64'))
    return file
  })
}

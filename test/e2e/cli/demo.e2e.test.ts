// `bash scripts/demo.sh` as a new user runs it: exit 0, every step of the loop printed as the command a user types
// (launch, play, drive input, read the game back, capture a frame when the private Xvfb is there, stop), the player
// read back having moved, and nothing left running or on disk.
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {findGodot} from '../../../src/editor/godot.js'
import {REPO_ROOT} from '../../support/editor.js'

/** Processes whose command line mentions `text` (the demo's temp project), read from /proc. */
function processesMentioning(text: string): number[] {
  const out: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) out.push(Number(entry))
    } catch {
      // ended while we looked
    }
  }
  return out
}

describe('the demo (scripts/demo.sh, real editor and game)', function () {
  this.timeout(240_000)

  it('prints the whole loop as typed commands, moves the player, captures a frame with a display, leaves nothing', () => {
    const withDisplay = existsSync(join(dirname(findGodot()), 'with-xvfb'))
    const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', GODOT_BIN: findGodot()}
    delete env.DISPLAY
    const run = spawnSync('bash', [join(REPO_ROOT, 'scripts', 'demo.sh')], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
      timeout: 230_000,
    })
    const out = run.stdout
    expect(run.status, `${out}\n${run.stderr}`).to.equal(0)
    const steps = [...out.matchAll(/^\$ (.*)$/gm)].map((m) => m[1])
    for (const step of [
      'bridge install --enable',
      'bridge launch --headless',
      'bridge scene play',
      'bridge runtime get --node-path Player --properties position',
      'bridge input action --action move_right --pressed',
      `bridge runtime wait-until --condition 'scene.get_node("Player").position.x > 360' --timeout-ms 5000`,
      'bridge input action --action move_right --no-pressed',
      'bridge scene stop',
      'bridge editor quit',
    ])
      expect(steps, out).to.include(step)
    // off a terminal the results are compact JSON: the two position reads, before and after the input
    const xs = [...out.matchAll(/"position":\s*\[\s*([\d.]+)/g)].map((m) => Number(m[1]))
    expect(xs.length).to.equal(2)
    expect(xs[1]).to.be.above(xs[0] + 40)
    if (withDisplay) {
      expect(steps.some((s) => s.startsWith('bridge runtime capture-frames'))).to.equal(true)
      expect(out).to.match(/capture_frames_000\.png/)
      // the frame shows the game (the player on the clear colour), not one flat colour
      const capture = out.slice(out.indexOf('$ bridge runtime capture-frames'))
      expect(capture.slice(0, capture.indexOf('\n$ ')), out).not.to.match(/uniform_color|same colour/)
    }
    const work = /and (\S+) is removed\./.exec(out)?.[1]
    expect(work, out).to.be.a('string')
    expect(existsSync(work!), 'the temp dir is gone').to.equal(false)
    expect(processesMentioning(work!), 'no editor or game of the demo still runs').to.deep.equal([])
  })
})

// input.* against the running demo game (a real headless editor playing it headless): an action moves the
// player (position read back from the game), stepping with the same inputs is deterministic, and a UI
// button is clicked by path and text typed into a field, queued events delivered in order. Moved here from
// game/play.e2e.test.ts so the group's tests live in its folder; the game is stopped by the fixture.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('input commands (real editor, headless game)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const {call} = fx

  async function position(): Promise<[number, number]> {
    return (await call('runtime.get', {node_path: 'Player', properties: ['position']})).values.position
  }

  before(async () => {
    const out = await fx.game.play()
    expect(out.scene).to.equal('res://scenes/main.tscn')
  })

  it('moves the player with an input action (position read back from the game)', async () => {
    await call('runtime.pause')
    await call('runtime.set', {node_path: 'Player', property: 'position', value: [100, 180]})
    const pressed = await call('input.action', {action: 'move_right', pressed: true})
    expect(pressed.pending).to.deep.equal(['action move_right pressed']) // frozen: it goes in with the next stepped tick
    const step = await call('runtime.step', {frames: 30})
    expect(step).to.include({ticks: 30, paused: true})
    expect(step.physics_frames - step.from_physics_frame).to.equal(30)
    const [x, y] = await position()
    expect(x).to.be.closeTo(100 + 200 * 0.5, 0.01) // speed 200 px/s for 30 ticks of 1/60 s
    expect(y).to.be.closeTo(180, 0.01)
    const released = await call('input.action', {action: 'move_right', pressed: false})
    expect(released.pending).to.deep.equal(['action move_right released'])
    await call('runtime.step', {frames: 10})
    expect((await position())[0]).to.be.closeTo(x, 0.01)
  })

  it('steps deterministically: the same inputs give the same positions, twice', async () => {
    async function run(): Promise<number[][]> {
      await call('runtime.set', {node_path: 'Player', property: 'position', value: [50, 180]})
      const seen: number[][] = []
      await call('input.action', {action: 'move_right', pressed: true, strength: 0.5})
      await call('runtime.step', {frames: 17})
      seen.push(await position())
      await call('input.action', {action: 'move_right', pressed: false})
      await call('input.action', {action: 'move_left', pressed: true})
      await call('runtime.step', {frames: 9})
      seen.push(await position())
      await call('input.release_all')
      await call('runtime.step', {frames: 5})
      seen.push(await position())
      return seen
    }
    const first = await run()
    const second = await run()
    expect(second).to.deep.equal(first)
    expect(first[0][0]).to.be.above(50)
    expect(first[1][0]).to.be.below(first[0][0])
    await call('runtime.resume')
  })

  it('clicks a UI button by path and types into a field, delivering queued events in order', async () => {
    const changed = await call('runtime.change_scene', {path: 'res://scenes/ui.tscn'})
    expect(changed.current_scene).to.equal('/root/UI')
    const ui = await call('runtime.ui', {text: 'start'})
    expect(ui.controls.map((c: Json) => c.path)).to.deep.equal(['/root/UI/StartButton'])
    const pressed = call('runtime.await_signal', {node_path: 'StartButton', signal: 'pressed', timeout_ms: 5000})
    await sleep(100)
    const click = await call('input.click_node', {node_path: 'StartButton'})
    expect(click.delivered).to.deep.equal([
      'mouse move to (80, 90)',
      'mouse left at (80, 90) down',
      'mouse left at (80, 90) up',
    ])
    expect((await pressed).signal).to.equal('pressed')
    await call('runtime.eval', {code: 'var f = LineEdit.new()\nf.name = "Field"\nscene.add_child(f)\nf.grab_focus()'})
    const typed = call('input.sequence', {
      events: [
        {type: 'text', text: 'ab'},
        {type: 'wait', frames: 3},
        {type: 'key', key: 'Shift+C'},
      ],
      frame_delay: 1,
    })
    const more = call('input.text', {text: 'd'}) // queued behind the sequence, never interleaved
    const [seq, after] = await Promise.all([typed, more])
    expect(seq.delivered).to.deep.equal([
      'text "a" down',
      'text "a" up',
      'text "b" down',
      'text "b" up',
      'key Shift+C down',
      'key Shift+C up',
    ])
    expect(seq.frames).to.be.at.least(5)
    expect(after.queued_before).to.be.above(0)
    expect((await call('runtime.get', {node_path: 'Field', properties: ['text']})).values.text).to.equal('abCd')
    await call('runtime.change_scene', {path: 'res://scenes/main.tscn'})
  })
})

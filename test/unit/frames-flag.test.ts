// How `bridge launch` picks the editor's display and what launch and `bridge status` say about frames: a display
// (the desktop's, else the private Xvfb) unless --headless is asked, headless with a note when there is neither.
import {expect} from 'chai'

import {chooseDisplay, framesOfChoice, framesOfDiscovery} from '../../src/editor/frames.js'

const withXvfb = () => true
const noXvfb = () => false

describe('the display launch picks and the frames flag', () => {
  it('runs on the private Xvfb when there is no desktop display and one is installed', () => {
    expect(chooseDisplay({}, {}, '/g/bin/godot', withXvfb)).to.deep.equal({xvfb: true, headless: false})
    expect(framesOfChoice({xvfb: true, headless: false}, false, ':7')).to.deep.equal({
      frames: true,
      frames_why: 'the editor draws on the private Xvfb, display :7',
    })
  })

  it('uses a desktop display when there is one, and the Xvfb only when --xvfb asks', () => {
    expect(chooseDisplay({}, {DISPLAY: ':0'}, 'godot', withXvfb)).to.deep.equal({xvfb: false, headless: false})
    expect(chooseDisplay({}, {WAYLAND_DISPLAY: 'wayland-0'}, 'godot', noXvfb)).to.deep.equal({
      xvfb: false,
      headless: false,
    })
    expect(chooseDisplay({xvfb: true}, {DISPLAY: ':0'}, 'godot', withXvfb)).to.deep.equal({xvfb: true, headless: false})
    expect(framesOfChoice({xvfb: false, headless: false}, false).frames).to.equal(true)
  })

  it('is headless only when asked, or when there is no display and no Xvfb (saying why)', () => {
    expect(chooseDisplay({headless: true}, {}, 'godot', withXvfb)).to.deep.equal({xvfb: false, headless: true})
    expect(chooseDisplay({}, {}, 'godot', noXvfb)).to.deep.equal({xvfb: false, headless: true})
    const asked = framesOfChoice({xvfb: false, headless: true}, true)
    expect(asked.frames).to.equal(false)
    expect(asked.frames_why).to.match(/--headless/)
    const forced = framesOfChoice({xvfb: false, headless: true}, false)
    expect(forced.frames).to.equal(false)
    expect(forced.frames_why).to.match(/no display here and no private Xvfb/)
  })

  it('--xvfb --headless keeps the lighter editor while its games render on the Xvfb', () => {
    const both = chooseDisplay({headless: true, xvfb: true}, {}, 'godot', withXvfb)
    expect(both).to.deep.equal({xvfb: true, headless: true})
    expect(framesOfChoice(both, true, ':3').frames_why).to.match(
      /games it plays render on the private Xvfb, display :3/,
    )
  })

  it("status reads frames from the editor's display server in its discovery file", () => {
    expect(framesOfDiscovery({display_server: 'headless'})?.frames).to.equal(false)
    expect(framesOfDiscovery({display_server: 'X11'})).to.deep.equal({
      frames: true,
      frames_why: 'the editor draws (display server X11)',
    })
    expect(framesOfDiscovery({}), 'an older addon that does not say').to.equal(undefined)
    expect(framesOfDiscovery(undefined)).to.equal(undefined)
  })
})

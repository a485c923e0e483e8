// The issue-11 slice, built through the ui, theme, animation, animtree and audio commands (the core scene.*
// and node.add commands create the scene file and the two plain nodes): a themed title screen with a focus-
// wired menu, a sprite animated by an AnimationPlayer and driven by an AnimationTree state machine, a click
// sound on its own bus, and a saved bus layout. The editor is then restarted and everything is read back
// from disk exactly as built.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

/** Numbers to 5 decimals: a value kept as a double in memory comes back from the text file as a float. */
const rounded = (v: unknown): unknown =>
  typeof v === 'number'
    ? Math.round(v * 1e5) / 1e5
    : Array.isArray(v)
      ? v.map(rounded)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rounded(x)]))
        : v

const SCENE = 'res://scenes/title_screen.tscn'
const THEME = 'res://ui/title_theme.tres'
const LAYOUT = 'res://audio/title_buses.tres'
const ANIMATOR = '/root/TitleScreen/HeroAnimator'
const TREE = '/root/TitleScreen/HeroTree'

describe('slice: a themed title screen with an animated sprite, a state machine and a bus layout (real editor)', function () {
  this.timeout(300_000)
  const fx = useEditor({pristine: false})
  const call = (method: string, params: Json = {}) => fx.call(method, params)

  /** Everything the slice built, as the commands read it back. */
  const readBack = async () =>
    rounded({
      layout: (await call('ui.layout', {node_path: '/root/TitleScreen'})).controls.map((c: Json) => ({
        path: c.path,
        preset: c.preset ?? null,
        size_flags_h: c.size_flags_h,
        min_size: c.min_size,
        focus: c.focus ?? null,
      })),
      theme: await call('theme.get', {path: THEME}),
      title: await call('theme.inspect', {node_path: 'Menu/Title', items: [{kind: 'color', name: 'font_color'}]}),
      play: await call('theme.inspect', {node_path: 'Menu/Play', items: [{kind: 'stylebox', name: 'normal'}]}),
      // (the clip the editor last showed, `current`, is editor state, not saved)
      clips: await call('animation.list', {player: ANIMATOR}).then(({current: _, ...rest}) => rest),
      walk: await call('animation.get', {player: ANIMATOR, animation: 'walk'}),
      idle: await call('animation.get', {player: ANIMATOR, animation: 'idle'}),
      tree: await call('animtree.structure', {tree: TREE}),
      parameters: await call('animtree.parameters', {tree: TREE, filter: 'conditions'}),
      buses: (await call('audio.buses')).buses,
      click: await call('node.get', {node_path: 'ClickSound', property: 'bus'}),
    }) as Json

  it('builds the screen, saves it, and reads it back unchanged after an editor restart', async () => {
    await call('scene.create', {path: SCENE, root_type: 'Control', root_name: 'TitleScreen'})
    await call('ui.set_layout', {node_path: '/root/TitleScreen', preset: 'full_rect'})

    // the theme
    await call('theme.create', {path: THEME, default_font_size: 16})
    await call('theme.set_items', {
      path: THEME,
      items: [
        {type: 'Button', kind: 'color', name: 'font_color', value: '#f0e0c0'},
        {
          type: 'Button',
          kind: 'stylebox',
          name: 'normal',
          value: {bg_color: '#334455', corner_radius: 6, content_margin: 8},
        },
        {type: 'Label', kind: 'font_size', name: 'font_size', value: 28},
        {type: 'VBoxContainer', kind: 'constant', name: 'separation', value: 12},
      ],
    })
    await call('theme.assign', {node_path: '/root/TitleScreen', theme: THEME})

    // the menu
    await call('ui.add_control', {
      type: 'VBoxContainer',
      parent: '/root/TitleScreen',
      name: 'Menu',
      preset: 'center',
      min_size: [240, 0],
    })
    await call('ui.add_control', {
      type: 'Label',
      parent: 'Menu',
      name: 'Title',
      text: 'Bridge Quest',
      properties: {horizontal_alignment: 'center'},
    })
    for (const name of ['Play', 'Quit'])
      await call('ui.add_control', {
        type: 'Button',
        parent: 'Menu',
        name,
        text: name,
        size_flags_h: 'expand_fill',
        min_size: [0, 40],
      })
    await call('ui.focus', {chain: ['Menu/Play', 'Menu/Quit'], wrap: true})
    await call('theme.override', {node_path: 'Menu/Title', kind: 'color', name: 'font_color', value: '#ffcc00'})

    // the animated sprite: four frames in a strip, clips on an AnimationPlayer, a state machine on top
    await call('node.add', {
      type: 'Sprite2D',
      parent: '/root/TitleScreen',
      name: 'Hero',
      properties: {texture: {class: 'GradientTexture2D', width: 64, height: 16}, hframes: 4, position: [320, 80]},
    })
    await call('node.add', {type: 'AnimationPlayer', parent: '/root/TitleScreen', name: 'HeroAnimator'})
    await call('animation.create', {player: ANIMATOR, animation: 'idle', length: 0.4, loop_mode: 'linear'})
    await call('animation.create', {player: ANIMATOR, animation: 'walk', length: 0.8, loop_mode: 'linear'})
    await call('animation.add_track', {
      player: ANIMATOR,
      animation: 'idle',
      path: 'Hero:modulate',
      keys: [
        {time: 0, value: '#ffffff'},
        {time: 0.2, value: '#c0c0ff'},
      ],
    })
    await call('animation.add_track', {
      player: ANIMATOR,
      animation: 'walk',
      path: 'Hero:frame',
      keys: [0, 1, 2, 3].map((frame) => ({time: frame * 0.2, value: frame})),
    })
    expect((await call('animation.sample', {player: ANIMATOR, animation: 'walk', time: 0.5})).values[0].value).to.equal(
      2,
    )
    await call('animation.pose', {player: ANIMATOR, animation: 'idle', time: 0, autoplay: true})
    await call('animtree.create', {player: ANIMATOR, name: 'HeroTree'})
    await call('animtree.add_node', {tree: TREE, name: 'Idle', animation: 'idle', position: [200, 100]})
    await call('animtree.add_node', {tree: TREE, name: 'Walk', animation: 'walk', position: [400, 100]})
    await call('animtree.set_transition', {tree: TREE, from: 'Start', to: 'Idle'})
    await call('animtree.set_transition', {
      tree: TREE,
      from: 'Idle',
      to: 'Walk',
      advance_condition: 'moving',
      xfade_time: 0.1,
    })
    await call('animtree.set_transition', {
      tree: TREE,
      from: 'Walk',
      to: 'Idle',
      advance_condition: 'stopped',
      xfade_time: 0.1,
    })

    // the sound: a bus layout with a reverb on the music, the click on the SFX bus
    await call('audio.add_bus', {name: 'Music', volume_db: -6})
    await call('audio.add_effect', {bus: 'Music', effect: 'Reverb', settings: {room_size: 0.7, wet: 0.25}})
    await call('audio.add_bus', {name: 'SFX', volume_db: -3})
    await call('audio.add_player', {parent: '/root/TitleScreen', name: 'ClickSound', bus: 'SFX'})
    await call('audio.save_layout', {path: LAYOUT, make_default: true})

    await call('scene.save')
    const built = await readBack()
    expect(built.layout.find((c: Json) => c.path === '/root/TitleScreen/Menu')).to.deep.include({
      preset: 'center',
      min_size: [240, 0],
    })
    expect(built.title.effective[0].value).to.deep.equal([1, 0.8, 0, 1])
    expect(built.tree.transitions).to.have.length(3)
    expect(built.buses.map((b: Json) => b.name)).to.deep.equal(['Master', 'Music', 'SFX'])

    await fx.editor.stop({keepDir: true})
    await fx.editor.restart()
    await call('scene.open', {path: SCENE})
    const reloaded = await readBack()
    expect(reloaded).to.deep.equal(built)
    expect(reloaded.clips.autoplay).to.equal('idle')
    expect(reloaded.walk.tracks[0].keys.map((k: Json) => k.value)).to.deep.equal([0, 1, 2, 3])
    expect(reloaded.parameters.parameters.map((p: Json) => p.parameter)).to.have.members([
      'conditions/moving',
      'conditions/stopped',
    ])
    expect(reloaded.buses[1].effects[0]).to.deep.include({type: 'AudioEffectReverb'})
  })
})

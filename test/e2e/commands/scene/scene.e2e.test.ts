// scene.*: every command's declared example against a real headless editor, in one session, with the
// outcome read back from the editor and from disk; edits undone with the editor's own Undo; refused input
// leaves the open scenes, the tree and the files as they were.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

const MAIN = 'res://scenes/main.tscn'
const MAIN_TREE = {
  name: 'Main',
  type: 'Node2D',
  path: '/root/Main',
  children: [
    {
      name: 'Player',
      type: 'CharacterBody2D',
      path: '/root/Main/Player',
      script: 'res://scripts/player.gd',
      groups: ['players'],
      children: [
        {name: 'Body', type: 'ColorRect', path: '/root/Main/Player/Body', children: []},
        {name: 'Shape', type: 'CollisionShape2D', path: '/root/Main/Player/Shape', children: []},
      ],
    },
    {name: 'Camera2D', type: 'Camera2D', path: '/root/Main/Camera2D', children: []},
    {name: 'Ground', type: 'StaticBody2D', path: '/root/Main/Ground', children: []},
  ],
}

describe('scene commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({group: 'scene', pristine: false})
  let declared: Record<string, Json>
  const {call} = fx
  const file = (resPath: string) => join(fx.editor.root, resPath.replace('res://', ''))
  const openScenes = async () => ((await call('scene.list_open')).scenes as Json[]).map((s) => s.path)

  async function undo(action: string): Promise<void> {
    const out = await call('editor.undo')
    expect(out.undone, JSON.stringify(out)).to.equal(true)
    expect(out.action).to.equal(`Bridge: ${action}`)
  }

  /** Expects the call to fail with `code`; the open scenes and the edited tree stay exactly as they were. */
  const keep = {
    snapshot: async () => {
      const open = await call('scene.list_open')
      return [open, open.current ? await call('scene.tree') : null]
    },
  }

  before(async () => {
    // the fixture's editor has opened the main scene before this runs
    declared = Object.fromEntries(fx.commands.map((c) => [c.method, c]))
  })

  it('declares every scene command with an example, and the paths it writes as jailed', () => {
    expect(Object.keys(declared)).to.have.members([
      'scene.reload',
      'scene.dependencies',
      'scene.create',
      'scene.open',
      'scene.save',
      'scene.save_as',
      'scene.close',
      'scene.play',
      'scene.stop',
      'scene.is_playing',
      'scene.current',
      'scene.list_open',
      'scene.tree',
      'scene.instance',
    ])
    const writes = (m: string) => (declared[m].params as Json[]).filter((p) => p.writes_path).map((p) => p.name)
    expect(writes('scene.create')).to.deep.equal(['path'])
    expect(writes('scene.save_as')).to.deep.equal(['path'])
    expect((declared['scene.tree'].params as Json[]).filter((p) => p.required)).to.deep.equal([])
  })

  it('scene.tree: the example returns the demo hierarchy; depth cuts and subtrees; a bad path is refused', async () => {
    expect(await call('scene.tree', fx.examples['scene.tree'])).to.deep.equal(MAIN_TREE)
    expect(await call('scene.tree')).to.deep.equal(MAIN_TREE)
    expect(await call('scene.tree', {max_depth: 0})).to.deep.equal({
      name: 'Main',
      type: 'Node2D',
      path: '/root/Main',
      children: [],
      more_children: 3,
    })
    expect(await call('scene.tree', {node_path: 'Player', max_depth: 0})).to.deep.include({
      path: '/root/Main/Player',
      more_children: 2,
    })
    expect(await call('scene.tree', {node_path: '/root/Main/Player'})).to.deep.equal(MAIN_TREE.children[0])
    await fx.refusedKeeping(keep, 'scene.tree', {node_path: 'Playr'}, -32001, "did you mean '/root/Main/Player'")
    await fx.refusedKeeping(keep, 'scene.tree', {max_depth: -1}, -32602, "'max_depth'")
    await fx.refusedKeeping(keep, 'scene.tree', {depth: 1}, -32602, "unknown parameter 'depth'")
  })

  it('scene.current and scene.list_open: the examples show main.tscn clean; an edit marks it unsaved until undone', async () => {
    const clean = {path: MAIN, root: '/root/Main', type: 'Node2D', unsaved: false}
    expect(await call('scene.current', fx.examples['scene.current'])).to.deep.equal(clean)
    expect(await call('scene.list_open', fx.examples['scene.list_open'])).to.deep.equal({
      current: MAIN,
      scenes: [{...clean, current: true}],
    })
    await call('node.set', {node_path: 'Player', property: 'position', value: [1, 2]})
    expect((await call('scene.current')).unsaved).to.equal(true)
    expect((await call('scene.list_open')).scenes[0].unsaved).to.equal(true)
    await undo('set Player.position')
    expect((await call('scene.current')).unsaved).to.equal(false)
  })

  it('scene.current reads the unsaved mark right even in the same frame as the edit, the undo and the save (one batch)', async () => {
    const settled = await fx.editor.client.callBatch([
      {method: 'scene.current', params: {}},
      {method: 'node.set', params: {node_path: 'Player', property: 'position', value: [3, 4]}},
      {method: 'scene.current', params: {}},
      {method: 'editor.undo', params: {}},
      {method: 'scene.current', params: {}},
      {method: 'node.set', params: {node_path: 'Player', property: 'position', value: [5, 6]}},
      {method: 'scene.save', params: {}},
      {method: 'scene.current', params: {}},
      {method: 'editor.undo', params: {}},
      {method: 'scene.save', params: {}},
    ])
    const results = settled.map((s) => (s.status === 'fulfilled' ? (s.value as Json) : {failed: String(s.reason)}))
    expect(
      [0, 2, 4, 7].map((i) => results[i].unsaved),
      JSON.stringify(results),
    ).to.deep.equal([false, true, false, false])
    expect(readFileSync(file(MAIN), 'utf8')).to.include('position = Vector2(320, 180)')
  })

  it('scene.save: the example writes the edit to the file and leaves the scene clean', async () => {
    await call('node.set', {node_path: 'Player', property: 'position', value: [10, 20]})
    expect(await call('scene.save', fx.examples['scene.save'])).to.deep.equal({
      path: MAIN,
      saved: true,
      undoable: false,
    })
    expect(readFileSync(file(MAIN), 'utf8')).to.include('position = Vector2(10, 20)')
    expect((await call('scene.current')).unsaved).to.equal(false)
    await undo('set Player.position')
    await call('scene.save')
    expect(readFileSync(file(MAIN), 'utf8')).to.include('position = Vector2(320, 180)')
  })

  it('scene.instance: the example instances ui.tscn as HUD, owned by the scene; undo removes it', async () => {
    const out = await call('scene.instance', fx.examples['scene.instance'])
    expect(out).to.deep.equal({
      path: '/root/Main/HUD',
      scene: 'res://scenes/ui.tscn',
      type: 'Control',
      undoable: true,
      saved: false,
    })
    const hud = await call('scene.tree', {node_path: 'HUD'})
    expect(hud).to.deep.equal({
      name: 'HUD',
      type: 'Control',
      path: '/root/Main/HUD',
      scene: 'res://scenes/ui.tscn',
      children: [],
    })
    const owners = await call('editor.run_script', {
      code: 'return [scene.get_node("HUD").owner == scene, scene.get_node("HUD/Title").owner == scene.get_node("HUD")]',
    })
    expect(owners.result).to.deep.equal([true, true])
    await undo('instance ui.tscn')
    expect(await call('scene.tree')).to.deep.equal(MAIN_TREE)

    const second = await call('scene.instance', {path: 'res://scenes/level_3d.tscn', parent: 'Player'})
    expect(second.path).to.equal('/root/Main/Player/Level3D')
    await undo('instance level_3d.tscn')
  })

  it('scene.instance: refuses a recursive, missing or non-scene file, a bad parent or a taken name', async () => {
    await fx.refusedKeeping(keep, 'scene.instance', {path: MAIN}, -32000, 'recursive')
    await fx.refusedKeeping(
      keep,
      'scene.instance',
      {path: 'res://scenes/nope.tscn'},
      -32001,
      'no scene at res://scenes/nope.tscn',
    )
    await fx.refusedKeeping(keep, 'scene.instance', {path: 'res://scripts/player.gd'}, -32602, 'not a scene file')
    await fx.refusedKeeping(
      keep,
      'scene.instance',
      {path: 'res://scenes/ui.tscn', parent: 'Nobody'},
      -32001,
      "'Nobody'",
    )
    await fx.refusedKeeping(
      keep,
      'scene.instance',
      {path: 'res://scenes/ui.tscn', name: 'Player'},
      -32000,
      "already has a child named 'Player'",
    )
    await fx.refusedKeeping(
      keep,
      'scene.instance',
      {path: 'res://scenes/ui.tscn', parnt: 'Player'},
      -32602,
      "did you mean 'parent'",
    )
    await fx.refusedKeeping(keep, 'scene.instance', {}, -32602, "missing required parameter 'path'")
  })

  it('scene.create: the example writes a Node2D scene and opens it', async () => {
    const out = await call('scene.create', fx.examples['scene.create'])
    expect(out).to.deep.equal({
      path: 'res://scenes/level_2.tscn',
      root: '/root/Level2',
      type: 'Node2D',
      undoable: false,
    })
    expect(readFileSync(file('res://scenes/level_2.tscn'), 'utf8')).to.match(/\[node name="Level2" type="Node2D"[ \]]/)
    expect(await call('scene.current')).to.deep.include({path: 'res://scenes/level_2.tscn', unsaved: false})
    expect(await call('scene.tree')).to.deep.equal({name: 'Level2', type: 'Node2D', path: '/root/Level2', children: []})
    expect(await openScenes()).to.deep.equal([MAIN, 'res://scenes/level_2.tscn'])

    const menu = await call('scene.create', {
      path: 'res://ui/menus/pause.tscn',
      root_type: 'Control',
      root_name: 'PauseMenu',
    })
    expect(menu).to.deep.equal({
      path: 'res://ui/menus/pause.tscn',
      root: '/root/PauseMenu',
      type: 'Control',
      undoable: false,
    })
    expect(existsSync(file('res://ui/menus/pause.tscn'))).to.equal(true)
  })

  it('scene.create: refuses an existing file, a bad root type or name, a path outside the project; writes nothing', async () => {
    await fx.refusedKeeping(keep, 'scene.create', {path: MAIN}, -32000, 'already exists')
    await fx.refusedKeeping(
      keep,
      'scene.create',
      {path: 'res://scenes/x.tscn', root_type: 'Sprit2D'},
      -32602,
      "did you mean 'Sprite2D'",
    )
    await fx.refusedKeeping(
      keep,
      'scene.create',
      {path: 'res://scenes/x.tscn', root_type: 'Resource'},
      -32602,
      "parameter 'root_type': 'Resource' is not a Node class",
    )
    await fx.refusedKeeping(
      keep,
      'scene.create',
      {path: 'res://scenes/x.tscn', root_name: 'a:b'},
      -32602,
      'not a valid node name',
    )
    await fx.refusedKeeping(keep, 'scene.create', {path: 'res://scenes/x.txt'}, -32602, 'not a scene file')
    await fx.refusedKeeping(keep, 'scene.create', {path: 'res://../x.tscn'}, -32003, 'escapes res://')
    await fx.refusedKeeping(keep, 'scene.create', {path: '/tmp/x.tscn'}, -32003, 'res:// or user://')
    expect(existsSync(file('res://scenes/x.tscn'))).to.equal(false)
    expect(existsSync(file('res://scenes/x.txt'))).to.equal(false)
  })

  it('scene.open: the example switches to main.tscn; another file opens in a new tab; a missing file is refused', async () => {
    expect(await call('scene.open', fx.examples['scene.open'])).to.deep.equal({
      path: MAIN,
      root: '/root/Main',
      type: 'Node2D',
      was_open: true,
      undoable: false,
    })
    expect((await call('scene.current')).path).to.equal(MAIN)
    expect(await call('scene.open', {path: 'res://scenes/ui.tscn'})).to.deep.include({
      root: '/root/UI',
      was_open: false,
    })
    expect(await openScenes()).to.include.members([MAIN, 'res://scenes/ui.tscn'])
    await fx.refusedKeeping(
      keep,
      'scene.open',
      {path: 'res://scenes/nope.tscn'},
      -32001,
      'no scene at res://scenes/nope.tscn',
    )
    await fx.refusedKeeping(keep, 'scene.open', {path: 'res://scripts/player.gd'}, -32602, 'not a scene file')
    await call('scene.open', {path: MAIN})
  })

  it('scene.save_as: the example writes the edited scene to a new file, which the tab then edits', async () => {
    const out = await call('scene.save_as', fx.examples['scene.save_as'])
    expect(out).to.deep.equal({path: 'res://scenes/main_copy.tscn', previous_path: MAIN, saved: true, undoable: false})
    expect(readFileSync(file('res://scenes/main_copy.tscn'), 'utf8')).to.include(
      '[node name="Player" type="CharacterBody2D"',
    )
    expect((await call('scene.current')).path).to.equal('res://scenes/main_copy.tscn')
    expect(await openScenes()).to.not.include(MAIN)

    await fx.refusedKeeping(keep, 'scene.save_as', {path: 'res://scenes/ui.tscn'}, -32000, 'open in another tab')
    await fx.refusedKeeping(keep, 'scene.save_as', {path: 'res://scenes/level_3d.tscn'}, -32000, 'overwrite: true')
    await fx.refusedKeeping(keep, 'scene.save_as', {path: 'res://scenes/copy.png'}, -32602, 'not a scene file')
    await fx.refusedKeeping(keep, 'scene.save_as', {path: 'res://../copy.tscn'}, -32003, 'escapes res://')
    expect(readFileSync(file('res://scenes/level_3d.tscn'), 'utf8')).to.include('name="Level3D"')
    const over = await call('scene.save_as', {path: 'res://scenes/level_3d.tscn', overwrite: true})
    expect(over.previous_path).to.equal('res://scenes/main_copy.tscn')
    expect(readFileSync(file('res://scenes/level_3d.tscn'), 'utf8')).to.match(/\[node name="Main" type="Node2D"[ \]]/)
    await call('scene.open', {path: MAIN})
  })

  it('scene.close: the example closes main.tscn once saved; unsaved changes are refused unless discarded', async () => {
    await call('scene.open', {path: MAIN})
    await call('node.set', {node_path: 'Ground', property: 'position', value: [0, 0]})
    await fx.refusedKeeping(keep, 'scene.close', fx.examples['scene.close'], -32000, 'unsaved changes', 'discard: true')
    await undo('set Ground.position')
    const open = await openScenes()
    const closed = await call('scene.close', fx.examples['scene.close'])
    expect(closed.closed).to.equal(MAIN)
    expect(await openScenes()).to.deep.equal(open.filter((p) => p !== MAIN))
    await fx.refusedKeeping(keep, 'scene.close', {path: MAIN}, -32001, 'is not open')

    await call('scene.open', {path: 'res://scenes/ui.tscn'})
    await call('node.set', {node_path: 'Title', property: 'text', value: 'Changed'})
    expect(await call('scene.close', {discard: true})).to.deep.include({closed: 'res://scenes/ui.tscn'})
    await call('scene.open', {path: 'res://scenes/ui.tscn'})
    expect((await call('node.get', {node_path: 'Title', property: 'text'})).value).to.equal('Bridge Demo')
  })

  // a node selected in the editor, then the scene reloaded under it: the editor used to crash (signal 11) on the
  // next frame, touching the freed node through the selection and the inspector
  it('scene.reload with a node selected keeps the editor up and selects the same node again', async () => {
    await call('scene.open', {path: MAIN})
    await call('editor.selection_set', {nodes: ['Player']})
    for (let i = 0; i < 3; i++) {
      expect(await call('scene.reload', {path: MAIN})).to.deep.include({path: MAIN, reloaded: true})
      await fx.inEditor('await EditorInterface.get_base_control().get_tree().process_frame\nreturn true')
      expect((await call('editor.selection_get')).nodes).to.deep.equal(['Player'])
    }
    await call('editor.selection_set', {nodes: []})
  })

  it('every scene-editing command answers NO_SCENE when nothing is open', async () => {
    for (const path of await openScenes()) await call('scene.close', {path, discard: true})
    expect(await call('scene.list_open')).to.deep.equal({current: null, scenes: []})
    for (const [method, params] of [
      ['scene.current', {}],
      ['scene.tree', {}],
      ['scene.save', {}],
      ['scene.save_as', {path: 'res://scenes/none.tscn'}],
      ['scene.close', {}],
      ['scene.instance', {path: 'res://scenes/ui.tscn'}],
      ['node.add', {type: 'Node'}],
      ['node.get', {node_path: 'Player', property: 'position'}],
    ] as [string, Json][]) {
      await fx.refusedKeeping(keep, method, params, -32002, 'no scene is open')
    }
    expect(existsSync(file('res://scenes/none.tscn'))).to.equal(false)
    expect(await call('scene.open', {path: MAIN})).to.deep.include({path: MAIN, was_open: false})
    expect(await call('scene.tree')).to.deep.equal(MAIN_TREE)
  })
})

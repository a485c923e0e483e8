// node.*: every command's declared example against a real headless editor, each change read back, then
// undone with the editor's own Undo (editor.undo) and read back again; refused input changes nothing
// (same tree, same values, no new undo action).
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('node commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'node',
  })
  const {call, undo, refused} = fx
  const get = async (node: string, property: string) => (await call('node.get', {node_path: node, property})).value
  const inEditor = (code: string) => fx.inEditor(code)

  it('declares every node command with an example', () => {
    expect(Object.keys(fx.examples)).to.include.members([
      'node.add',
      'node.remove',
      'node.duplicate',
      'node.rename',
      'node.move',
      'node.find',
      'node.info',
      'node.get',
      'node.set',
      'node.properties',
      'node.call',
      'node.connect',
      'node.disconnect',
      'node.signals',
      'node.add_to_group',
      'node.remove_from_group',
    ])
  })

  it('accepts every node path form and reports /root/Main/... paths', async () => {
    for (const path of ['/root/Main/Player/Shape', 'Main/Player/Shape', 'Player/Shape', '/root/Main/Player/Shape/']) {
      expect((await call('node.info', {node_path: path})).path, path).to.equal('/root/Main/Player/Shape')
    }
    for (const path of ['', '.', '/root/Main', 'Main']) {
      expect((await call('node.info', {node_path: path})).path, path).to.equal('/root/Main')
    }
    await refused(
      'node.info',
      {node_path: 'Player/Shap'},
      -32001,
      "'Player/Shap'",
      "did you mean '/root/Main/Player/Shape'",
    )
    await refused('node.info', {node_path: '/root/Other/Player'}, -32001, 'start with /root/Main')
    await refused('node.info', {node_path: '..'}, -32001)
    await refused('node.info', {node_path: 'Player/../..'}, -32001)
  })

  it('node.add: adds the example node owned by the scene, with coerced properties; undo removes it', async () => {
    const added = await call('node.add', fx.examples['node.add'])
    // the values it set, read back from the node
    expect(added).to.deep.equal({
      path: '/root/Main/Hero',
      name: 'Hero',
      type: 'Sprite2D',
      properties: {position: [64, 32]},
      undoable: true,
      saved: false,
    })
    expect(await get('Hero', 'position')).to.deep.equal([64, 32])
    expect(await inEditor('return scene.get_node("Hero").owner == scene')).to.equal(true)
    await undo('add Sprite2D')
    await refused('node.info', {node_path: 'Hero'}, -32001)

    const placed = await call('node.add', {
      type: 'Node2D',
      parent: 'Player',
      index: 0,
      properties: {visible: false},
    })
    expect(placed.path).to.equal('/root/Main/Player/Node2D')
    expect(placed.properties).to.deep.equal({visible: false})
    expect((await call('node.info', {node_path: 'Player'})).children).to.deep.equal(['Node2D', 'Body', 'Shape'])
    expect(await get('Player/Node2D', 'visible')).to.equal(false)
    await undo('add Node2D')
  })

  it('node.add: refuses an unknown type, name, property or value, a taken name and a bad parent', async () => {
    await refused('node.add', {type: 'Sprit2D'}, -32602, "unknown Node type 'Sprit2D'", "did you mean 'Sprite2D'")
    await refused('node.add', {type: 'Resource'}, -32602, "parameter 'type': 'Resource' is not a Node class")
    await refused('node.add', {type: 'Sprite2D', properties: {positon: [1, 2]}}, -32001, "did you mean 'position'")
    await refused('node.add', {type: 'Sprite2D', properties: {position: 'far'}}, -32602, "'position' expects Vector2")
    await refused('node.add', {type: 'Sprite2D', name: 'Player'}, -32000, "already has a child named 'Player'")
    await refused('node.add', {type: 'Sprite2D', name: 'a.b'}, -32602, 'not a valid node name')
    await refused('node.add', {type: 'Sprite2D', name: ''}, -32602, 'not a valid node name')
    await refused('node.add', {type: 'Sprite2D', parent: 'Nobody'}, -32001, "'Nobody'")
    await refused('node.add', {type: 'Sprite2D', index: 9}, -32602, 'index 9 is out of range')
    await refused('node.add', {}, -32602, "missing required parameter 'type'")
    await refused('node.add', {type: 7}, -32602, "'type'")
    await refused(
      'node.add',
      {type: 'Sprite2D', parnt: 'Player'},
      -32602,
      "unknown parameter 'parnt'",
      "did you mean 'parent'",
    )
  })

  it('node.remove: removes the example node and undo puts it back in place with its owner', async () => {
    expect(await call('node.remove', fx.examples['node.remove'])).to.deep.equal({
      removed: '/root/Main/Ground',
      undoable: true,
      saved: false,
    })
    await refused('node.info', {node_path: 'Ground'}, -32001)
    await undo('remove Ground')
    expect((await call('node.info', {node_path: 'Ground'})).index).to.equal(2)
    expect(await inEditor('return scene.get_node("Ground").owner == scene')).to.equal(true)

    await call('node.remove', {node_path: 'Player'})
    await undo('remove Player')
    expect((await call('node.info', {node_path: 'Player'})).index).to.equal(0)
    expect(await inEditor('return scene.get_node("Player/Shape").owner == scene')).to.equal(true)
    await refused('node.remove', {node_path: '/root/Main'}, -32000, 'root')
    await refused('node.remove', {node_path: 'Ghost'}, -32001, "'Ghost'")
  })

  it('node.duplicate: copies the example node with children, groups and owners; undo removes the copy', async () => {
    const copy = await call('node.duplicate', fx.examples['node.duplicate'])
    expect(copy).to.deep.equal({
      path: '/root/Main/Player2',
      source: '/root/Main/Player',
      type: 'CharacterBody2D',
      undoable: true,
      saved: false,
    })
    const info = await call('node.info', {node_path: 'Player2'})
    expect(info).to.deep.include({
      index: 1,
      groups: ['players'],
      children: ['Body', 'Shape'],
      script: 'res://scripts/player.gd',
    })
    expect(
      await inEditor(
        'return scene.get_node("Player2/Shape").owner == scene and scene.get_node("Player2").owner == scene',
      ),
    ).to.equal(true)
    await undo('duplicate Player')
    await refused('node.duplicate', {node_path: 'Player', name: 'Ground'}, -32000, "already has a child named 'Ground'")
    await refused('node.duplicate', {node_path: '.'}, -32000, 'root')
  })

  it('node.rename: renames the example node, refuses a taken or invalid name; undo restores the name', async () => {
    const renamed = await call('node.rename', fx.examples['node.rename'])
    expect(renamed).to.deep.equal({
      path: '/root/Main/MainCamera',
      old_name: 'Camera2D',
      changed: true,
      updated_paths: [],
      undoable: true,
      saved: false,
    })
    expect((await call('node.info', {node_path: 'MainCamera'})).type).to.equal('Camera2D')
    await refused(
      'node.rename',
      {node_path: 'MainCamera', new_name: 'Player'},
      -32000,
      "already has a child named 'Player'",
    )
    await refused('node.rename', {node_path: 'MainCamera', new_name: 'a/b'}, -32602, 'not a valid node name')
    await refused('node.rename', {node_path: 'MainCamera', new_name: ''}, -32602, 'not a valid node name')
    await undo('rename Camera2D to MainCamera')
    expect((await call('node.rename', {node_path: 'Camera2D', new_name: 'Camera2D'})).changed).to.equal(false)
  })

  it('node.rename: rewrites NodePaths elsewhere in the scene that pointed into the renamed subtree, in the same undo step', async () => {
    // AnimationPlayer.root_node: a NodePath with no side effect (a RemoteTransform2D would move its target)
    await call('node.add', {type: 'AnimationPlayer', name: 'Follow', properties: {root_node: '../Player'}})
    await call('node.add', {type: 'AnimationPlayer', name: 'Deep', properties: {root_node: '../Player/Shape'}})
    await call('node.add', {
      type: 'AnimationPlayer',
      parent: 'Player',
      name: 'Inner',
      properties: {root_node: '../Camera2D'},
    })
    const renamed = await call('node.rename', {node_path: 'Player', new_name: 'Hero'})
    expect(renamed.updated_paths).to.have.deep.members([
      {node: '/root/Main/Follow', property: 'root_node', old: '../Player', new: '../Hero'},
      {node: '/root/Main/Deep', property: 'root_node', old: '../Player/Shape', new: '../Hero/Shape'},
    ])
    expect(await get('Follow', 'root_node')).to.equal('../Hero')
    expect(await get('Deep', 'root_node')).to.equal('../Hero/Shape')
    expect(await get('Hero/Inner', 'root_node'), 'a path from inside to outside is unchanged').to.equal('../Camera2D')
    await undo('rename Player to Hero')
    expect(await get('Follow', 'root_node')).to.equal('../Player')
    expect(await get('Deep', 'root_node')).to.equal('../Player/Shape')
    await undo('add AnimationPlayer')
    await undo('add AnimationPlayer')
    await undo('add AnimationPlayer')
  })

  it('node.move: reparents the example node keeping its global position; undo puts it back', async () => {
    const moved = await call('node.move', fx.examples['node.move'])
    expect(moved).to.deep.equal({
      path: '/root/Main/Player/Camera2D',
      index: 2,
      parent: '/root/Main/Player',
      undoable: true,
      saved: false,
    })
    expect(await get('Player/Camera2D', 'global_position')).to.deep.equal([320, 180])
    expect(await get('Player/Camera2D', 'position')).to.deep.equal([0, 0])
    expect(await inEditor('return scene.get_node("Player/Camera2D").owner == scene')).to.equal(true)
    await undo('move Camera2D')
    expect(await call('node.info', {node_path: 'Camera2D'})).to.deep.include({parent: '/root/Main', index: 1})
    expect(await get('Camera2D', 'position')).to.deep.equal([320, 180])

    expect(await call('node.move', {node_path: 'Ground', index: 0})).to.deep.equal({
      path: '/root/Main/Ground',
      index: 0,
      undoable: true,
      saved: false,
    })
    expect((await call('node.info', {node_path: '.'})).children).to.deep.equal(['Ground', 'Player', 'Camera2D'])
    await undo('move Ground')

    const local = await call('node.move', {
      node_path: 'Ground',
      new_parent: 'Player',
      keep_global_transform: false,
    })
    expect(local.path).to.equal('/root/Main/Player/Ground')
    expect(await get('Player/Ground', 'position')).to.deep.equal([320, 300])
    await undo('move Ground')
  })

  it('node.move: refuses moving under itself, the root, a bad index or nothing to do', async () => {
    await refused('node.move', {node_path: 'Player', new_parent: 'Player/Body'}, -32000, 'under itself')
    await refused('node.move', {node_path: 'Player', new_parent: 'Player'}, -32000, 'under itself')
    await refused('node.move', {node_path: '/root/Main', index: 0}, -32000, 'root')
    await refused('node.move', {node_path: 'Ground', index: 3}, -32602, 'index 3 is out of range')
    await refused('node.move', {node_path: 'Ground', index: -1}, -32602, "'index'")
    await refused('node.move', {node_path: 'Ground'}, -32602, 'new_parent, index or both')
    await refused('node.move', {node_path: 'Ground', new_parent: 'Nowhere'}, -32001, "'Nowhere'")
  })

  it('node.find: finds the example class, by name pattern and by group, and refuses an unknown class', async () => {
    const byType = await call('node.find', fx.examples['node.find'])
    expect(byType.nodes.map((n: Json) => n.path)).to.deep.equal(['/root/Main/Player', '/root/Main/Ground'])
    expect(byType).to.deep.include({count: 2, truncated: false})
    const byName = await call('node.find', {name: '*a*'})
    expect(byName.nodes.map((n: Json) => n.name)).to.deep.equal(['Main', 'Player', 'Camera2D', 'Shape'])
    const byGroup = await call('node.find', {group: 'players', node_path: '/root/Main'})
    expect(byGroup.nodes).to.deep.equal([{path: '/root/Main/Player', name: 'Player', type: 'CharacterBody2D'}])
    const limited = await call('node.find', {limit: 2})
    expect(limited).to.deep.include({count: 6, truncated: true})
    expect(limited.nodes).to.have.length(2)
    await refused('node.find', {type: 'Sprit2D'}, -32602, "did you mean 'Sprite2D'")
  })

  it('node.info: describes the example node', async () => {
    expect(await call('node.info', fx.examples['node.info'])).to.deep.equal({
      path: '/root/Main/Player',
      name: 'Player',
      type: 'CharacterBody2D',
      script: 'res://scripts/player.gd',
      scene: null,
      parent: '/root/Main',
      index: 0,
      groups: ['players'],
      children: ['Body', 'Shape'],
    })
  })

  it('node.get: reads the example property with its type; refuses an unknown one with a did-you-mean', async () => {
    expect(await call('node.get', fx.examples['node.get'])).to.deep.equal({
      path: '/root/Main/Player',
      property: 'position',
      type: 'Vector2',
      value: [320, 180],
    })
    expect(await call('node.get', {node_path: 'Player', property: 'speed'})).to.deep.include({
      type: 'float',
      value: 200,
    })
    await refused('node.get', {node_path: 'Player', property: 'positon'}, -32001, "did you mean 'position'")
  })

  it('node.set: sets the example value through undo, returns it read back; undo restores it', async () => {
    const set = await call('node.set', fx.examples['node.set'])
    expect(set).to.deep.equal({
      path: '/root/Main/Player',
      property: 'position',
      type: 'Vector2',
      value: [100, 200],
      previous: [320, 180],
      changed: true,
      undoable: true,
      saved: false,
    })
    expect(await inEditor('return scene.get_node("Player").position')).to.deep.equal([100, 200])
    await undo('set Player.position')
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
  })

  it('node.set: coerces values against the declared type (colour, enum, bool, resources, exported script vars)', async () => {
    const cases: [string, string, unknown, unknown][] = [
      ['Player/Body', 'color', '#ff0000', [1, 0, 0, 1]],
      ['Player/Body', 'color', [0, 1, 0], [0, 1, 0, 1]],
      ['Player', 'texture_filter', 'Nearest', 1],
      ['Player', 'texture_filter', 'TEXTURE_FILTER_LINEAR', 2],
      ['Player', 'texture_filter', 0, 0],
      ['Player', 'visible', false, false],
      ['Player', 'speed', 250, 250],
      ['Player/Body', 'tooltip_text', 'hello', 'hello'],
      ['Player/Body', 'size', [8, 4], [8, 4]],
      ['Player', 'collision_layer', 5, 5],
      ['Camera2D', 'zoom', {x: 2, y: 3}, [2, 3]],
      ['Player', 'transform', 'Transform2D(1, 0, 0, 1, 5, 6)', 'Transform2D(1, 0, 0, 1, 5, 6)'],
    ]
    for (const [node, property, value, expected] of cases) {
      const before = await get(node, property)
      const out = await call('node.set', {node_path: node, property, value})
      expect(out.value, `${node}.${property} = ${JSON.stringify(value)}`).to.deep.equal(expected)
      expect(await get(node, property)).to.deep.equal(expected)
      // a value equal to the current one adds no undo step
      expect(out.changed).to.equal(JSON.stringify(before) !== JSON.stringify(expected))
      if (out.changed) await undo(`set ${node.split('/').pop()}.${property}`)
      expect(await get(node, property)).to.deep.equal(before)
    }
    await call('node.add', {type: 'AnimationPlayer', name: 'Anim', properties: {root_node: '../Player'}})
    expect(await get('Anim', 'root_node')).to.equal('../Player')
    expect((await call('node.set', {node_path: 'Anim', property: 'root_node', value: '../Ground'})).value).to.equal(
      '../Ground',
    )
    await undo('set Anim.root_node')
    expect(await get('Anim', 'root_node')).to.equal('../Player')
    await undo('add AnimationPlayer')

    const shape = await call('node.set', {
      node_path: 'Player/Shape',
      property: 'shape',
      value: {class: 'CircleShape2D', radius: 8},
    })
    expect(shape.value).to.deep.equal({class: 'CircleShape2D', path: ''})
    expect(await inEditor('return scene.get_node("Player/Shape").shape.radius')).to.equal(8)
    await undo('set Shape.shape')
    expect((await get('Player/Shape', 'shape')).class).to.equal('RectangleShape2D')

    expect((await call('node.set', {node_path: 'Player', property: 'script', value: ''})).value).to.equal(null)
    expect((await call('node.info', {node_path: 'Player'})).script).to.equal(null)
    const script = await call('node.set', {node_path: 'Player', property: 'script', value: 'res://scripts/player.gd'})
    expect(script.value).to.deep.equal({class: 'GDScript', path: 'res://scripts/player.gd'})
    await undo('set Player.script')
    await undo('set Player.script')
    expect((await call('node.info', {node_path: 'Player'})).script).to.equal('res://scripts/player.gd')
  })

  it('node.set: refuses a value that does not fit, naming the property and expected type, and changes nothing', async () => {
    await refused('node.set', {node_path: 'Player', property: 'speed', value: true}, -32602, "'speed' expects a number")
    await refused(
      'node.set',
      {node_path: 'Player', property: 'position', value: [1]},
      -32602,
      "'position' expects Vector2",
    )
    await refused(
      'node.set',
      {node_path: 'Player', property: 'collision_layer', value: 1.5},
      -32602,
      "'collision_layer' expects an integer",
    )
    await refused(
      'node.set',
      {node_path: 'Player', property: 'texture_filter', value: 'Blurry'},
      -32602,
      "'texture_filter' expects int (enum: Inherit, Nearest",
    )
    await refused(
      'node.set',
      {node_path: 'Player', property: 'texture_filter', value: 42},
      -32602,
      'not one of the enum',
    )
    await refused(
      'node.set',
      {node_path: 'Player/Body', property: 'color', value: '#zzz'},
      -32602,
      "'color' expects Color",
    )
    await refused(
      'node.set',
      {node_path: 'Player/Shape', property: 'shape', value: 'res://scenes/ui.tscn'},
      -32602,
      "'shape' expects a Shape2D",
      'PackedScene',
    )
    await refused(
      'node.set',
      {node_path: 'Player/Shape', property: 'shape', value: 'res://missing.tres'},
      -32001,
      'no resource at res://missing.tres',
    )
    await refused(
      'node.set',
      {node_path: 'Player/Shape', property: 'shape', value: {class: 'CircleShape2D', radius: 'big'}},
      -32602,
      "'radius' expects a number",
    )
    await refused(
      'node.set',
      {node_path: 'Player', property: 'positon', value: [1, 2]},
      -32001,
      "did you mean 'position'",
    )
    await refused('node.set', {node_path: 'Player', property: 'name', value: 'Hero'}, -32602, 'node.rename')
    await refused('node.set', {node_path: 'Ghost', property: 'position', value: [1, 2]}, -32001, "'Ghost'")
    await refused('node.set', {node_path: 'Player', property: 'position'}, -32602, "missing required parameter 'value'")
    await refused(
      'node.set',
      {node_path: 'Player', property: 'position', value: [1, 2], valu: 1},
      -32602,
      "did you mean 'value'",
    )
    expect(await get('Player', 'position')).to.deep.equal([320, 180])
  })

  it('node.properties: lists the example properties with types and values', async () => {
    const out = await call('node.properties', fx.examples['node.properties'])
    expect(out).to.deep.include({path: '/root/Main/Player/Body', type: 'ColorRect', count: 1})
    expect(out.properties).to.have.length(1)
    expect(out.properties[0]).to.deep.include({name: 'color', type: 'Color'})
    const expected = [0.2, 0.6, 1, 1]
    out.properties[0].value.forEach((x: number, i: number) => expect(x).to.be.closeTo(expected[i], 1e-6))
    const all = await call('node.properties', {node_path: 'Player'})
    expect(all.properties.map((p: Json) => p.name)).to.include.members([
      'position',
      'speed',
      'collision_layer',
      'script',
    ])
    expect(all.count).to.equal(all.properties.length)
  })

  it('node.call: calls the example method with coerced arguments; refuses what cannot run', async () => {
    // a call runs outside any history: the router says so (undoable: false)
    expect(await call('node.call', fx.examples['node.call'])).to.deep.equal({result: true, undoable: false})
    expect(await call('node.call', {node_path: 'Player', method: 'to_global', args: [[1, 2]]})).to.deep.equal({
      result: [321, 182],
      undoable: false,
    })
    await refused('node.call', {node_path: 'Player', method: 'is_in_grup'}, -32001, "did you mean 'is_in_group'")
    await refused('node.call', {node_path: 'Player', method: 'take_damage', args: [1]}, -32000, 'not a @tool script')
    await refused('node.call', {node_path: 'Player', method: 'to_global', args: []}, -32602, 'takes 1 arguments')
    await refused(
      'node.call',
      {node_path: 'Player', method: 'to_global', args: ['here']},
      -32602,
      'argument 1 of to_global',
      'Vector2',
    )
    await refused('node.call', {node_path: 'Player', method: 'queue_free'}, -32000, 'node.remove')
    await refused('node.call', {node_path: 'Player', method: 'is_in_group', args: 'players'}, -32602, "'args'")
  })

  it('node.connect: makes a persistent connection saved with the scene; undo removes it', async () => {
    const out = await call('node.connect', fx.examples['node.connect'])
    expect(out).to.deep.equal({
      connected: true,
      source: '/root/Main/Player',
      signal: 'visibility_changed',
      target: '/root/Main/Camera2D',
      method: 'reset_smoothing',
      undoable: true,
      saved: false,
    })
    const link = {signal: 'visibility_changed', target: '/root/Main/Camera2D', method: 'reset_smoothing'}
    expect((await call('node.signals', {node_path: 'Player'})).connections).to.deep.equal([link])
    expect((await call('node.signals', {node_path: 'Camera2D'})).incoming).to.deep.equal([
      {source: '/root/Main/Player', signal: 'visibility_changed', method: 'reset_smoothing'},
    ])
    await call('scene.save')
    expect(readFileSync(join(fx.editor.root, 'scenes', 'main.tscn'), 'utf8')).to.include(
      '[connection signal="visibility_changed" from="Player" to="Camera2D" method="reset_smoothing"]',
    )
    await refused('node.connect', fx.examples['node.connect'], -32000, 'already connected')
    await undo('connect visibility_changed')
    expect((await call('node.signals', {node_path: 'Player'})).connections).to.deep.equal([])

    const script = await call('node.connect', {
      node_path: 'Player',
      signal: 'hit',
      target_path: 'Player',
      method: 'take_damage',
    })
    expect(script.connected).to.equal(true)
    await undo('connect hit')
    await call('scene.save')
  })

  it('node.connect: refuses an unknown signal or method and arguments that do not fit', async () => {
    const link = {node_path: 'Player', target_path: 'Camera2D'}
    await refused(
      'node.connect',
      {...link, signal: 'visibilty_changed', method: 'reset_smoothing'},
      -32001,
      "did you mean 'visibility_changed'",
    )
    await refused(
      'node.connect',
      {...link, signal: 'visibility_changed', method: 'reset_smothing'},
      -32001,
      "did you mean 'reset_smoothing'",
    )
    await refused(
      'node.connect',
      {...link, signal: 'hit', method: 'reset_smoothing'},
      -32000,
      'hit passes 1 argument(s) but reset_smoothing takes 0',
    )
    await refused('node.connect', {...link, target_path: 'Nobody', signal: 'hit', method: 'x'}, -32001, "'Nobody'")
    await refused('node.connect', {node_path: 'Player', signal: 'hit'}, -32602, 'missing required parameter')
  })

  it('node.disconnect: removes the example connection; undo restores it', async () => {
    await call('node.connect', fx.examples['node.connect'])
    const out = await call('node.disconnect', fx.examples['node.disconnect'])
    expect(out).to.deep.include({disconnected: true, signal: 'visibility_changed'})
    expect((await call('node.signals', {node_path: 'Player'})).connections).to.deep.equal([])
    await undo('disconnect visibility_changed')
    expect((await call('node.signals', {node_path: 'Player'})).connections).to.have.length(1)
    await undo('connect visibility_changed')
    await refused('node.disconnect', fx.examples['node.disconnect'], -32001, 'is not connected')
  })

  it('node.signals: lists the example node signals, script ones included', async () => {
    const out = await call('node.signals', fx.examples['node.signals'])
    expect(out.path).to.equal('/root/Main/Player')
    expect(out.signals).to.include.members(['hit(amount)', 'visibility_changed()', 'ready()'])
    expect(out).to.deep.include({connections: [], incoming: []})
  })

  it('node.add_to_group: adds the example group, saved with the scene; undo takes it out', async () => {
    const out = await call('node.add_to_group', fx.examples['node.add_to_group'])
    expect(out).to.deep.equal({
      path: '/root/Main/Ground',
      group: 'solid',
      changed: true,
      groups: ['solid'],
      undoable: true,
      saved: false,
    })
    expect((await call('node.find', {group: 'solid'})).nodes.map((n: Json) => n.path)).to.deep.equal([
      '/root/Main/Ground',
    ])
    expect((await call('node.add_to_group', fx.examples['node.add_to_group'])).changed).to.equal(false)
    await call('scene.save')
    expect(readFileSync(join(fx.editor.root, 'scenes', 'main.tscn'), 'utf8')).to.match(
      /name="Ground".*groups=\["solid"\]/,
    )
    await undo('add Ground to group solid')
    expect((await call('node.info', {node_path: 'Ground'})).groups).to.deep.equal([])
    await call('scene.save')
  })

  it('node.remove_from_group: removes the example group; undo puts it back; refuses a group it is not in', async () => {
    const out = await call('node.remove_from_group', fx.examples['node.remove_from_group'])
    expect(out).to.deep.equal({
      path: '/root/Main/Player',
      group: 'players',
      changed: true,
      groups: [],
      undoable: true,
      saved: false,
    })
    await undo('remove Player from group players')
    expect((await call('node.info', {node_path: 'Player'})).groups).to.deep.equal(['players'])
    await refused('node.remove_from_group', {node_path: 'Player', group: 'player'}, -32001, "did you mean 'players'")
    await refused('node.add_to_group', {node_path: 'Player', group: ' '}, -32602, 'group must not be empty')
  })
})

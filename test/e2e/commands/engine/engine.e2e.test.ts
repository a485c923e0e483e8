// engine.*: version, the command catalog, singletons, the live ClassDB (classes, class info, defaults,
// search) and the editor's doc text, against a real headless editor.
import {expect} from 'chai'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('engine commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  const {call} = fx

  it('runs the declared example of every engine command', async () => {
    const {commands} = await call('engine.commands', {group: 'engine'})
    const methods = (commands as Json[]).map((c) => c.method)
    expect(methods).to.include.members([
      'engine.version',
      'engine.commands',
      'engine.classes',
      'engine.search',
      'engine.class_info',
      'engine.property_default',
      'engine.singletons',
      'engine.docs',
      'engine.docs_search',
    ])
    expect(methods.every((m) => m.startsWith('engine.'))).to.equal(true)
    for (const c of commands as Json[]) {
      expect(c.read_only, c.method).to.equal(true)
      expect(await call(c.method, c.example), c.method).to.be.an('object')
    }
  })

  it('pages engine.commands with offset and limit, saying the total and where the next page starts', async () => {
    const whole = await call('engine.commands', {group: 'engine'})
    const methods = (whole.commands as Json[]).map((c) => c.method)
    expect(whole).to.include({count: methods.length, total: methods.length})
    expect(whole).to.not.have.property('next_offset')
    const first = await call('engine.commands', {group: 'engine', limit: 2})
    expect(first).to.include({count: 2, total: methods.length, next_offset: 2})
    const rest = await call('engine.commands', {group: 'engine', offset: first.next_offset})
    expect([...first.commands, ...rest.commands].map((c: Json) => c.method)).to.deep.equal(methods)
    expect(rest).to.not.have.property('next_offset')
    expect((await call('engine.commands', {group: 'engine', offset: 999})).commands).to.deep.equal([])
  })

  it('reports the running engine version', async () => {
    const v = await call('engine.version')
    expect(v).to.include({major: 4, minor: 6})
    expect(v.string).to.equal(`${v.major}.${v.minor}.${v.patch}`)
    expect(fx.editor.discovery.engine_version).to.equal(v.string)
  })

  it('lists engine singletons with their classes', async () => {
    const {singletons} = await call('engine.singletons')
    const byName = Object.fromEntries((singletons as Json[]).map((s) => [s.name, s.class]))
    expect(byName).to.include({Input: 'Input', ProjectSettings: 'ProjectSettings', EditorInterface: 'EditorInterface'})
    expect(byName.IP).to.be.a('string').and.not.equal('')
  })

  it('lists classes by parent, name and instantiability, and bounds the list', async () => {
    const bodies = await call('engine.classes', {inherits: 'PhysicsBody2D'})
    expect(bodies.classes).to.include.members(['CharacterBody2D', 'RigidBody2D', 'StaticBody2D'])
    expect(bodies.classes).not.to.include.members(['PhysicsBody2D', 'Node2D', 'CharacterBody3D'])
    const named = await call('engine.classes', {filter: 'body3d', instantiable_only: true})
    expect(named.classes).to.include('CharacterBody3D').and.not.include('PhysicsBody3D')
    const few = await call('engine.classes', {limit: 3})
    expect(few).to.include({count: 3, truncated: true})
    expect(few.total).to.be.greaterThan(500)
    expect((await fx.rpcError('engine.classes', {inherits: 'Node2d'})).message).to.include("did you mean 'Node2D'")
  })

  it('describes a class: parent chain, own or inherited members, signals, constants, enums', async () => {
    const info = await call('engine.class_info', {class: 'CharacterBody2D'})
    expect(info.parents.slice(0, 3)).to.deep.equal(['PhysicsBody2D', 'CollisionObject2D', 'Node2D'])
    expect(info.parents.at(-1)).to.equal('Object')
    expect(info.properties).to.include('velocity: Vector2').and.not.include('position: Vector2')
    expect(info.methods).to.include('move_and_slide() -> bool')
    // compact by default: a listed property stands for its getter and setter, which a filter lists
    expect(info.methods).to.not.include('set_motion_mode(mode: CharacterBody2D.MotionMode) -> void')
    expect(info.total).to.deep.equal({properties: 15, methods: 18, signals: 0, accessors_left_out: 30})
    expect(info.truncated).to.equal(false)
    expect(info.enums.MotionMode).to.deep.equal(['MOTION_MODE_GROUNDED', 'MOTION_MODE_FLOATING'])
    expect(info.constants).to.include({MOTION_MODE_FLOATING: 1})
    // members by name: a filter with alternatives, accessors included, an enum with its constants
    const named = await call('engine.class_info', {class: 'CharacterBody2D', filter: 'set_velocity|MotionMode'})
    expect(named.methods).to.deep.equal(['set_velocity(velocity: Vector2) -> void'])
    expect(named.properties).to.deep.equal([])
    expect(named.enums).to.deep.equal({MotionMode: ['MOTION_MODE_GROUNDED', 'MOTION_MODE_FLOATING']})
    expect(named.constants).to.deep.equal({MOTION_MODE_GROUNDED: 0, MOTION_MODE_FLOATING: 1})
    const floor = await call('engine.class_info', {class: 'CharacterBody2D', filter: 'FLOOR'})
    expect(floor.properties.every((p: string) => p.includes('floor'))).to.equal(true)
    expect(floor.methods).to.include('is_on_floor() -> bool').and.not.include('is_on_wall() -> bool')
    expect(floor.methods).to.include('get_floor_max_angle() -> float')
    // pages: 50 entries a list, the next page from offset 50, nothing lost or repeated between them
    const inherited = await call('engine.class_info', {class: 'CharacterBody2D', inherited: true})
    expect(inherited.truncated).to.equal(true)
    expect(inherited.methods).to.have.length(50)
    const next = await call('engine.class_info', {class: 'CharacterBody2D', inherited: true, offset: 50})
    expect(next.methods[0] > inherited.methods[49]).to.equal(true)
    const pages = [inherited]
    for (let offset = 50; pages.at(-1)?.truncated; offset += 50)
      pages.push(await call('engine.class_info', {class: 'CharacterBody2D', inherited: true, offset}))
    const properties = pages.flatMap((p) => p.properties)
    expect(properties).to.include('position: Vector2')
    expect(properties).to.have.length(inherited.total.properties)
    expect(new Set(pages.flatMap((p) => p.methods)).size).to.equal(inherited.total.methods)
    expect(inherited.signals).to.include('input_event(viewport: Node, event: InputEvent, shape_idx: int)')
    const area = await call('engine.class_info', {class: 'Area2D'})
    expect(area.signals).to.include('body_entered(body: Node2D)')
    const typo = await fx.rpcError('engine.class_info', {class: 'CharacterBody'})
    expect(typo.rpcCode).to.equal(-32001)
    expect(typo.message).to.include("did you mean 'CharacterBody2D'")
  })

  it('reads property defaults, one or all, and suggests a near property name', async () => {
    expect(await call('engine.property_default', {class: 'Sprite2D', property: 'centered'})).to.deep.equal({
      class: 'Sprite2D',
      property: 'centered',
      value: true,
    })
    expect((await call('engine.property_default', {class: 'Node2D', property: 'scale'})).value).to.deep.equal([1, 1])
    const all = await call('engine.property_default', {class: 'Sprite2D'})
    expect(all.defaults).to.include({centered: true, hframes: 1, flip_h: false})
    expect(all.defaults.position).to.deep.equal([0, 0]) // inherited from Node2D
    const typo = await fx.rpcError('engine.property_default', {class: 'Sprite2D', property: 'centred'})
    expect(typo.message).to.include("did you mean 'centered'")
  })

  it('searches classes and members, exact matches first, with a kind filter and a limit', async () => {
    const exact = await call('engine.search', {query: 'move_and_slide'})
    expect(exact.results[0]).to.deep.equal({kind: 'method', class: 'CharacterBody2D', name: 'move_and_slide'})
    expect(exact.results).to.deep.include({kind: 'method', class: 'CharacterBody3D', name: 'move_and_slide'})
    const velocity = await call('engine.search', {query: 'velocity', kind: 'property', limit: 100})
    expect(velocity.results).to.deep.include({kind: 'property', class: 'CharacterBody2D', name: 'velocity'})
    expect(
      (velocity.results as Json[]).every((r) => r.kind === 'property' && r.name.toLowerCase().includes('velocity')),
    ).to.equal(true)
    const cls = await call('engine.search', {query: 'sprite2d', kind: 'class'})
    expect(cls.results[0]).to.deep.equal({kind: 'class', class: 'Sprite2D', name: 'Sprite2D'})
    const signal = await call('engine.search', {query: 'body_entered', kind: 'signal'})
    expect(signal.results).to.deep.include({kind: 'signal', class: 'Area2D', name: 'body_entered'})
    const bounded = await call('engine.search', {query: 'get', limit: 5})
    expect(bounded).to.include({count: 5, truncated: true})
    expect(bounded.total).to.be.greaterThan(1000)
    expect((await fx.rpcError('engine.search', {query: 'x', kind: 'widget'})).rpcCode).to.equal(-32602)
    expect((await fx.rpcError('engine.search', {query: '  '})).message).to.include('empty')
  })

  it("returns the editor's doc text for a class and for own and inherited members", async () => {
    const node2d = await call('engine.docs', {class: 'Node2D'})
    expect(node2d.inherits).to.equal('CanvasItem')
    expect(node2d.brief_description).to.match(/^A 2D game object/)
    expect(node2d.description).to.include('`CanvasItem.z_index`').and.not.include('[member')
    expect(node2d.members.methods).to.be.greaterThan(5)
    const rotate = await call('engine.docs', {class: 'Node2D', member: 'rotate'})
    expect(rotate.matches).to.have.length(1)
    expect(rotate.matches[0]).to.include({
      kind: 'method',
      declared_in: 'Node2D',
      signature: 'rotate(radians: float) -> void',
    })
    expect(rotate.matches[0].description).to.include('rotation')
    const name = await call('engine.docs', {class: 'Node2D', member: 'name'})
    expect(name.matches[0]).to.include({kind: 'property', declared_in: 'Node', type: 'StringName'})
    const raw = await call('engine.docs', {class: 'Node2D', format: 'bbcode'})
    expect(raw.description).to.include('[member CanvasItem.z_index]')
    const signal = await call('engine.docs', {class: 'Area2D', member: 'body_entered'})
    expect(signal.matches[0]).to.include({kind: 'signal', signature: 'body_entered(body: Node2D)'})
    expect((await fx.rpcError('engine.docs', {class: 'Node2D', member: 'rotat'})).message).to.include(
      "did you mean 'rotate'",
    )
    expect((await fx.rpcError('engine.docs', {class: 'Nod2D'})).message).to.include("did you mean 'Node2D'")
  })

  it('engine.docs_search answers questions in words with the class and member the reference describes', async () => {
    const top = async (query: string, n: number) =>
      ((await call('engine.docs_search', {query, limit: n})).results as Json[]).map((r) =>
        r.member ? `${r.class}.${r.member}` : r.class,
      )
    expect(await top('how do I make a one-way platform', 3)).to.include('CollisionShape2D.one_way_collision')
    expect(await top('play a sound at a position in 3D', 3)).to.include('AudioStreamPlayer3D')
    expect((await top('save game data to a file', 1))[0]).to.equal('FileAccess')
    expect((await top('detect when two areas overlap', 1))[0]).to.match(/^Area[23]D\.overlaps_area$/)
    const answer = await call('engine.docs_search', {query: 'one-way platform collision', kind: 'property', limit: 2})
    expect(answer.index).to.equal('memory') // built once, by the first question
    expect(answer.results[0]).to.include({class: 'CollisionShape2D', member: 'one_way_collision', kind: 'property'})
    expect(answer.results[0].text).to.match(
      /^Sets whether this collision shape should only detect collision on one side/,
    )
    // the index is kept in the editor's cache dir for the next editor of this engine build
    const cached = await call('editor.run_script', {
      code: 'return Array(DirAccess.get_files_at(EditorInterface.get_editor_paths().get_cache_dir())).filter(func(f): return f.begins_with("bridge_docs_index-"))',
    })
    expect(cached.result).to.have.length(1)
    expect((await fx.rpcError('engine.docs_search', {query: 'how do I'})).message).to.include('no word to search for')
  })
})

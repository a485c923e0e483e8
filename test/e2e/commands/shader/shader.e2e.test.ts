// shader.*: every declared example against a real headless editor — shader files with the engine's own
// compile errors (with lines), a ShaderMaterial's uniforms read and written (undoable), and a visual shader
// built node by node — each read back from the editor and from disk; refusals change nothing.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../../support/fixture.js'

describe('shader commands (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    group: 'shader',
    pristine: false,
  })
  const {call, undo, refused} = fx
  const file = (path: string) => readFileSync(join(fx.editor.root, path.replace('res://', '')), 'utf8')

  it('declares every shader command with an example', () => {
    expect(Object.keys(fx.examples)).to.have.members([
      'shader.create',
      'shader.edit',
      'shader.check',
      'shader.assign',
      'shader.params',
      'shader.set_param',
      'shader.visual_create',
      'shader.visual_add_node',
      'shader.visual_connect',
      'shader.visual_get',
    ])
  })

  it('shader.create writes a compiling template; shader.edit patches it and reports the compile result', async () => {
    const made = await call('shader.create', fx.examples['shader.create'])
    expect(made).to.deep.include({
      path: 'res://shaders/tint.gdshader',
      compiled: true,
      errors: [],
      uniforms: ['tint'],
      created: true,
    })
    expect(file('res://shaders/tint.gdshader')).to.match(/^shader_type canvas_item;/)
    const edited = await call('shader.edit', fx.examples['shader.edit'])
    expect(edited).to.include({compiled: true, changed: true})
    expect(file('res://shaders/tint.gdshader')).to.include('* tint * 0.5;')
    await refused('shader.create', fx.examples['shader.create'], -32000, 'already exists')
    await refused('shader.edit', {...fx.examples['shader.edit']}, -32000, 'occurs 0 times')
    await refused('shader.create', {path: 'res://shaders/x.txt'}, -32602, '.gdshader')
  })

  it('shader.check returns the compiler errors with their line numbers', async () => {
    const bad = await call('shader.check', fx.examples['shader.check'])
    expect(bad.compiled).to.equal(false)
    expect(bad.errors[0].line).to.equal(4)
    expect(bad.errors[0].message).to.include("Expected a ';'")
    const unknown = await call('shader.check', {
      code: 'shader_type canvas_item;\nvoid fragment() {\n\tCOLOR = tint;\n}\n',
    })
    expect(unknown.errors).to.deep.equal([{line: 3, message: "Unknown identifier in expression: 'tint'."}])
    expect(await call('shader.check', {path: 'res://shaders/tint.gdshader'})).to.deep.include({
      compiled: true,
      errors: [],
    })
    // an edit that breaks the shader is written (as a text editor would) and says why it does not compile
    const broken = await call('shader.edit', {
      path: 'res://shaders/tint.gdshader',
      replacements: [{find: '* 0.5;', replace: '* half;'}],
    })
    expect(broken.compiled).to.equal(false)
    expect(broken.errors[0].line).to.equal(6)
    await call('shader.edit', {
      path: 'res://shaders/tint.gdshader',
      replacements: [{find: '* half;', replace: '* 0.5;'}],
    })
  })

  it('shader.assign puts a ShaderMaterial with uniform values on the node; undo removes it', async () => {
    const out = await call('shader.assign', fx.examples['shader.assign'])
    expect(out).to.deep.include({property: 'material', shader: 'res://shaders/tint.gdshader'})
    expect(out.uniforms[0]).to.deep.include({name: 'tint', type: 'Color', default: false})
    expect(out.uniforms[0].value[1]).to.be.closeTo(0.5333, 1e-3)
    await undo('assign shader to Body')
    await refused('shader.params', fx.examples['shader.params'], -32000, 'not a ShaderMaterial')
    await call('shader.assign', fx.examples['shader.assign'])
    await refused('shader.assign', {...fx.examples['shader.assign'], uniforms: {tnt: 1}}, -32001, "no uniform 'tnt'")
    await refused(
      'shader.assign',
      {...fx.examples['shader.assign'], uniforms: {tint: 'bright'}},
      -32602,
      "'tint' expects Color",
    )
    await refused(
      'shader.assign',
      {...fx.examples['shader.assign'], shader: 'res://scenes/main.tscn'},
      -32602,
      'not a Shader',
    )
  })

  it('shader.set_param writes a uniform checked against its type; shader.params reads it; undo restores it', async () => {
    const set = await call('shader.set_param', fx.examples['shader.set_param'])
    expect(set.value[1]).to.be.closeTo(0.8, 1e-6)
    expect((await call('shader.params', fx.examples['shader.params'])).uniforms[0].value[1]).to.be.closeTo(0.8, 1e-6)
    await undo('set uniform tint')
    expect((await call('shader.params', fx.examples['shader.params'])).uniforms[0].value[1]).to.be.closeTo(0.5333, 1e-3)
    await refused('shader.set_param', {...fx.examples['shader.set_param'], value: 'x'}, -32602, 'expects Color')
    await refused('shader.set_param', {...fx.examples['shader.set_param'], name: 'alpha'}, -32001, "no uniform 'alpha'")
  })

  it('shader.visual_* builds a visual shader whose generated code compiles, saved to disk', async () => {
    expect(await call('shader.visual_create', fx.examples['shader.visual_create'])).to.deep.equal({
      path: 'res://shaders/glow.tres',
      mode: 'canvas_item',
      undoable: false,
    })
    const node = await call('shader.visual_add_node', fx.examples['shader.visual_add_node'])
    expect(node).to.deep.include({id: 2, type: 'ColorConstant', position: [-200, 100]})
    await call('shader.visual_connect', fx.examples['shader.visual_connect'])
    const graph = await call('shader.visual_get', fx.examples['shader.visual_get'])
    expect(graph).to.deep.include({compiled: true, errors: [], mode: 'canvas_item'})
    expect(graph.nodes.map((n: Json) => n.type)).to.deep.equal(['Output', 'ColorConstant'])
    expect(graph.connections).to.deep.equal([{from_node: 2, from_port: 0, to_node: 0, to_port: 0}])
    expect(graph.code).to.include('COLOR.rgb = vec3(n_out2p0.xyz);')
    expect(file('res://shaders/glow.tres'))
      .to.include('VisualShaderNodeColorConstant')
      .and.include('nodes/fragment/connections')
    await fx.refused(
      'shader.visual_add_node',
      {path: 'res://shaders/glow.tres', type: 'ColorConstnt'},
      -32602,
      "did you mean 'ColorConstant'",
    )
    await fx.refused(
      'shader.visual_connect',
      {...fx.examples['shader.visual_connect'], to_port: 9},
      -32000,
      'cannot connect',
    )
    await fx.refused(
      'shader.visual_connect',
      {...fx.examples['shader.visual_connect'], from_node: 7},
      -32001,
      'no node 7',
    )
    expect(existsSync(join(fx.editor.root, 'shaders', 'glow.tres'))).to.equal(true)
  })
})

// Every parameter that takes a class accepts the project's own class_name types, @tool or not (issue 47, item 4).
// Script.can_instantiate() is false in the editor for a script that is not @tool, so asking it refused a plain
// `class_name ItemData extends Resource` as an unknown resource type. The parameters are found from the
// declarations (kind "class", checked by the router through core/class_types.gd), so a new command is covered
// without touching this file; a string parameter named like a type that is not of that kind must be listed
// below with the reason, or the sweep fails.
import {expect} from 'chai'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {type Doc, freshFor, snapshot} from '../../support/sweep.js'

/** The corpus: plain (not @tool) class_name scripts, one per base a type parameter asks for. */
const CORPUS = [
  {name: 'ItemData', base: 'Resource', body: '@export var title := "sword"\n@export var weight := 1.5\n'},
  {name: 'Mover', base: 'Node2D', body: '@export var speed := 10.0\n'},
  {name: 'Crate', base: 'Node3D', body: '@export var mass := 2.0\n'},
  {name: 'Badge', base: 'Label', body: '@export var rank := 1\n'},
]

/** String parameters named like a class that are not kind "class", each with why. */
const LISTED: Record<string, string> = {
  'engine.classes inherits': "the engine's ClassDB reference; the project's classes are analysis.class_names",
  'engine.class_info class': "the engine's ClassDB reference; a script's members are script.members",
  'engine.property_default class': "an engine class's own default; a script's defaults are in its source",
  'engine.docs class': "the engine's class reference",
  'audio.add_effect effect':
    'an AudioEffect class by short name (Reverb); a script effect needs a @tool _instantiate to do anything',
  'shader.visual_add_node type': 'the editor runs only @tool VisualShaderNodeCustom scripts (an engine rule)',
  'runtime.find type': 'checked in the running game, which knows the same class_names',
  'theme.get type': 'a theme type: a control class or any variation name, not a class to resolve',
  'script.create class_name': 'names the class a new script registers, not a class to use',
  'gridmap.set_cells item': 'a MeshLibrary item id or name, not a class',
  'gridmap.set_cell item': 'a MeshLibrary item id or name, not a class',
  'gridmap.get_cells item': 'a MeshLibrary item id or name, not a class',
}

const TYPE_NAME = /^(type|class|root_type|inherits|extends|base|item|effect|class_name)$/

function writeCorpus(root: string): void {
  mkdirSync(join(root, 'corpus'), {recursive: true})
  const entries: string[] = []
  for (const c of CORPUS) {
    const path = `corpus/${c.name.toLowerCase()}.gd`
    writeFileSync(
      join(root, path),
      `class_name ${c.name}\nextends ${c.base}\n## A plain (not @tool) project class.\n\n${c.body}`,
    )
    entries.push(
      `{\n"base": &"${c.base}",\n"class": &"${c.name}",\n"icon": "",\n"is_abstract": false,\n"is_tool": false,\n` +
        `"language": &"GDScript",\n"path": "res://${path}"\n}`,
    )
  }
  mkdirSync(join(root, '.godot'), {recursive: true})
  writeFileSync(join(root, '.godot', 'global_script_class_cache.cfg'), `list=[${entries.join(', ')}]\n`)
}

describe('class-taking parameters accept the project class_name types, @tool or not (real editor)', function () {
  this.timeout(600_000)
  const fx = useEditor({
    pristine: false,
    install(root) {
      copyAddon(root)
      enablePlugin(root)
      writeCorpus(root)
    },
  })
  let docs: Doc[]
  let files: Map<string, Buffer>
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)

  before(async () => {
    docs = (await call<{commands: Doc[]}>('engine.commands')).commands.filter((c) => c.source === 'builtin')
    files = snapshot(fx.editor.root)
  })

  /** The corpus class a parameter of `base` takes: the first whose native base is it or inherits it. */
  async function corpusFor(base: string): Promise<string | undefined> {
    const code = `for c: String in ${JSON.stringify(CORPUS.map((c) => [c.name, c.base]))}.map(func(p: Array) -> String: return p[0] if p[1] == "${base}" or ClassDB.is_parent_class(p[1], "${base}") else ""):\n\tif c != "":\n\t\treturn c\nreturn ""`
    return ((await fx.inEditor(code)) as string) || undefined
  }

  it('has every class-named string parameter of kind "class", or listed with a reason', () => {
    const unlisted: string[] = []
    for (const doc of docs)
      for (const p of doc.params as Json[])
        if (TYPE_NAME.test(p.name) && p.type !== 'enum' && p.type !== 'bool' && p.kind !== 'class')
          if (!LISTED[`${doc.method} ${p.name}`]) unlisted.push(`${doc.method} ${p.name}`)
    expect(unlisted, 'a class parameter that is neither kind "class" nor listed with why').to.deep.equal([])
  })

  it('accepts a corpus class_name in every kind "class" parameter of every command, and refuses an unknown name', async () => {
    const failures: string[] = []
    let covered = 0
    const params = docs.flatMap((doc) =>
      (doc.params as Json[]).filter((p) => p.kind === 'class').map((p) => ({doc, p})),
    )
    expect(params.length, 'kind "class" parameters').to.be.greaterThan(8)
    for (const {doc, p} of params) {
      const cls = await corpusFor(p.base)
      if (!cls) {
        failures.push(`${doc.method} ${p.name}: no corpus class for base ${p.base}`)
        continue
      }
      await freshFor(call, fx.editor.root, files, doc)
      try {
        await call(doc.method, {...doc.example, [p.name]: cls})
      } catch (error) {
        // another reason to refuse the example (a filter that now matches nothing) is not about the class
        const data = (error as {rpcData?: Json}).rpcData ?? {}
        if (data.param === p.name) failures.push(`${doc.method} ${p.name}=${cls}: ${(error as Error).message}`)
      }
      await freshFor(call, fx.editor.root, files, doc)
      try {
        await call(doc.method, {...doc.example, [p.name]: 'NoSuchClassAnywhere'})
        failures.push(`${doc.method} ${p.name}: the unknown class NoSuchClassAnywhere was accepted`)
      } catch (error) {
        const data = (error as {rpcData?: Json}).rpcData ?? {}
        if (data.param !== p.name)
          failures.push(
            `${doc.method} ${p.name}: the unknown class was refused for another reason: ${(error as Error).message}`,
          )
      }
      covered++
    }
    console.log(`      class parameters: ${covered}/${params.length} take the corpus class_names`)
    expect(failures).to.deep.equal([])
  })

  it('resource.create with a plain class_name saves a .tres that carries the script and its values', async () => {
    const made = await call('resource.create', {
      path: 'res://data/sword.tres',
      type: 'ItemData',
      properties: {title: 'blade', weight: 3.5},
      overwrite: true,
    })
    expect(made.path).to.equal('res://data/sword.tres')
    const text = fx.read('res://data/sword.tres')
    expect(text).to.match(/path="res:\/\/corpus\/itemdata\.gd"/)
    expect(text).to.match(/^script = ExtResource\(/m)
    expect(text).to.include('title = "blade"')
    expect(text).to.include('weight = 3.5')
    const found = await call('resource.find', {type: 'ItemData'})
    expect((found.resources as Json[]).map((r) => r.path)).to.include('res://data/sword.tres')
  })

  it('node.add and scene.create make plain class_name nodes with their script attached', async () => {
    await freshFor(call, fx.editor.root, files, {method: 'node.add'} as Doc)
    const added = await call('node.add', {type: 'Mover', parent: '/root/Main', name: 'Walker', properties: {speed: 4}})
    expect(await fx.inEditor(`return scene.get_node("Walker").get_script().resource_path`)).to.equal(
      'res://corpus/mover.gd',
    )
    expect(added.path).to.equal('/root/Main/Walker')
    await call('scene.create', {path: 'res://scenes/crates.tscn', root_type: 'Crate'})
    expect(fx.read('res://scenes/crates.tscn')).to.include('path="res://corpus/crate.gd"')
  })
})

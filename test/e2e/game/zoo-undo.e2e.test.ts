// Bug zoo, "undo across a non-undoable write" (issue 46): an agent fixes a script three times — script.edit (a),
// project.write_file of the same file (c, not undoable), script.function_set (b) — then undoes twice and redoes
// twice. Undo used to write back a whole-file snapshot, so fix (c) vanished with (a) and no redo brought it back.
// Now an undo carries only its own step's change onto the current text (c survives both undos and both redos),
// and where the write since touched the step's own lines editor.undo refuses, naming the write and the lines,
// until told force: true; the editor's own Ctrl+Z, which cannot be refused, keeps the file and logs a warning.
// The sweep over every undoable text write × interleaving is test/e2e/commands/editor/undo-text.e2e.test.ts.
import {expect} from 'chai'

import {EngineClient} from '../../../src/editor/client.js'
import {useEditor} from '../../support/fixture.js'
import type {Json} from '../../support/json.js'

const PATH = 'res://scripts/zoo_undo.gd'
const ORIGINAL = [
  'extends Node',
  '',
  'const SPEED = 100.0',
  'var health := 3',
  '',
  'var damage := 1',
  '',
  '',
  'func take_damage(amount: int) -> void:',
  '\thealth -= amount',
  '',
].join('\n')
const FIX_A = ORIGINAL.replace('const SPEED = 100.0', 'const SPEED = 180.0')
const WITH_C = FIX_A.replace('var damage := 1', 'var damage := 2')
const FUNC_B = 'func take_damage(amount: int) -> void:\n\thealth = maxi(0, health - amount)\n'
const ALL = WITH_C.replace('\thealth -= amount', '\thealth = maxi(0, health - amount)')

describe('bug zoo: undo across a non-undoable write loses nothing (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})

  beforeEach(async () => {
    await fx.call('project.write_file', {path: PATH, content: ORIGINAL, overwrite: true})
  })

  const disk = () => fx.read(PATH)
  const undo = (params: Json = {}) => fx.call<Json>('editor.undo', params)
  const redo = (params: Json = {}) => fx.call<Json>('editor.redo', params)

  it('script.edit, project.write_file, script.function_set; undo twice keeps fix (c); redo twice brings (a) and (b) back', async () => {
    await fx.call('script.edit', {
      path: PATH,
      replacements: [{find: 'const SPEED = 100.0', replace: 'const SPEED = 180.0'}],
    })
    expect(disk()).to.equal(FIX_A)
    await fx.call('project.write_file', {path: PATH, content: WITH_C, overwrite: true})
    await fx.call('script.function_set', {path: PATH, name: 'take_damage', code: FUNC_B})
    expect(disk()).to.equal(ALL)

    const first = await undo()
    expect(first.undone).to.equal(true)
    expect(disk(), 'the first undo takes back (b) only').to.equal(WITH_C)
    const second = await undo()
    expect(second.undone).to.equal(true)
    expect(disk(), 'the second undo takes back (a) and keeps (c), the non-undoable write').to.equal(
      ORIGINAL.replace('var damage := 1', 'var damage := 2'),
    )
    expect(second.files, 'the answer says the step was merged and whose write it kept').to.deep.equal([
      {
        path: PATH,
        move: 'undo',
        outcome: 'merged',
        since: 'project.write_file by ' + String(first.client ?? 'bridge cli'),
      },
    ])

    await redo()
    expect(disk(), 'the first redo brings (a) back beside (c)').to.equal(WITH_C)
    await redo()
    expect(disk(), 'the second redo brings (b) back: all three fixes').to.equal(ALL)
  })

  it('refuses an undo whose step shares its lines with the write since, naming it and the lines; force: true undoes it', async () => {
    await fx.call('script.edit', {
      path: PATH,
      replacements: [{find: 'const SPEED = 100.0', replace: 'const SPEED = 180.0'}],
    })
    const theirs = FIX_A.replace('const SPEED = 180.0', 'const SPEED = 240.0 # tuned by hand')
    await fx.call('project.write_file', {path: PATH, content: theirs, overwrite: true})
    const {histories: before} = await fx.call<Json>('editor.undo_history', {limit: 3})

    const refused = await fx.rpcError('editor.undo')
    expect(refused.rpcCode).to.equal(-32000)
    expect(refused.message)
      .to.include(PATH)
      .and.include('project.write_file')
      .and.include('3: "const SPEED = 240.0 # tuned by hand"')
      .and.include('force: true')
    expect(refused.rpcData).to.deep.include({reason: 'changed_since'})
    expect((refused.rpcData as Json).files[0]).to.deep.include({path: PATH, outcome: 'kept'})
    expect(disk(), 'nothing was written').to.equal(theirs)
    const {histories: after} = await fx.call<Json>('editor.undo_history', {limit: 3})
    expect(after, 'the step is still applied').to.deep.equal(before)

    const forced = await undo({force: true})
    expect(forced.undone).to.equal(true)
    expect(forced.files[0]).to.deep.include({path: PATH, outcome: 'forced'})
    expect(disk(), 'force wrote the text before the step').to.equal(ORIGINAL)
  })

  it("force: true never takes another client's step over a write since (refused for the owner, the file untouched)", async () => {
    const other = await EngineClient.connect({
      projectRoot: fx.editor.root,
      port: fx.editor.discovery.ws_port,
      clientName: 'zoo-other-agent',
    })
    try {
      await other.call('script.edit', {
        path: PATH,
        replacements: [{find: 'const SPEED = 100.0', replace: 'const SPEED = 180.0'}],
      })
      const theirs = FIX_A.replace('const SPEED = 180.0', 'const SPEED = 300.0')
      await fx.call('project.write_file', {path: PATH, content: theirs, overwrite: true})
      const refused = await fx.rpcError('editor.undo', {force: true})
      expect(refused.message).to.include("zoo-other-agent's").and.include('any_client')
      expect(disk(), 'the forced undo of a step it may not take wrote nothing').to.equal(theirs)
      const forced = await other.call<Json>('editor.undo', {force: true})
      expect(forced.files[0]).to.deep.include({outcome: 'forced'})
      expect(disk(), 'its owner may force it').to.equal(ORIGINAL)
    } finally {
      other.close()
    }
  })

  it("the editor's own undo (Ctrl+Z) of such a step keeps the file and says so in editor.errors", async () => {
    await fx.call('script.edit', {
      path: PATH,
      replacements: [{find: 'const SPEED = 100.0', replace: 'const SPEED = 180.0'}],
    })
    const theirs = FIX_A.replace('const SPEED = 180.0', 'const SPEED = 240.0')
    await fx.call('project.write_file', {path: PATH, content: theirs, overwrite: true})
    const {next_seq: since} = await fx.call<Json>('editor.errors', {limit: 1})
    await fx.inEditor(
      'EditorInterface.get_editor_undo_redo().get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY).undo()',
    )
    expect(disk(), 'the undo wrote nothing').to.equal(theirs)
    const {entries} = await fx.call<Json>('editor.errors', {since, limit: 20})
    const said = entries.map((e: Json) => String(e.message)).join('\n')
    expect(said, said).to.include(`left ${PATH} as it is`)
    await fx.inEditor(
      'EditorInterface.get_editor_undo_redo().get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY).redo()',
    )
    expect(disk(), 'nor did the redo after it').to.equal(theirs)
  })
})

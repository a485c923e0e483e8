// Three cases of the bug zoo where the engine knew something the answer did not say (issue 46), each met the way
// an agent meets it and red on the code before the fix:
// - an engine warning during a command: particles.configure gives an emitter a sub-emitter in the project's
//   Compatibility renderer; the engine warns that it does not support them, and the command's own answer quotes
//   the warning (editor.errors still lists it);
// - a value equal to the default: in a project declaring 4.4 features, node.set_many sets an Environment's
//   glow_blend_mode to Screen, 4.6's default, which the saved scene leaves out; the answer says so and names the
//   engine version whose default it is;
// - a play racing another client's edits: one client keeps editing the main scene while another plays it; the
//   play waits for the edits in flight, saves, and starts, and the edits go on after it; and a save before a play
//   that fails names the file and the engine's reason.
// The editor renders (under the private Xvfb): the Compatibility renderer's warning comes from the real renderer.
import {expect} from 'chai'
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'

import {EngineClient} from '../../../src/editor/client.js'
import {useEditor} from '../../support/fixture.js'
import type {Json} from '../../support/json.js'
import {xvfbRoot} from '../../support/xvfb.js'

const MAIN = 'res://scenes/main.tscn'

;(xvfbRoot() ? describe : describe.skip)(
  'bug zoo: what the engine said belongs to the answer (real editor)',
  function () {
    this.timeout(240_000)
    const fx = useEditor({pristine: false, xvfb: true, headless: false})
    const clients: EngineClient[] = []

    afterEach(async () => {
      await fx.game.stop()
      for (const client of clients.splice(0)) client.close()
      await fx.call('scene.reload', {path: MAIN})
    })

    const errorsSince = async (since: number) =>
      (await fx.call<{entries: Json[]}>('editor.errors', {since, source: 'editor'})).entries

    it('an engine warning during a command: particles.configure quotes the sub-emitter warning in its answer', async () => {
      await fx.call('scene.open', {path: MAIN})
      for (const name of ['Fire', 'Sparks'])
        await fx.call('particles.create', {parent: '/root/Main', name, kind: 'gpu_3d'})
      const since = (await fx.call<{next_seq: number}>('editor.errors', {limit: 1})).next_seq
      const out = await fx.call('particles.configure', {
        node_path: '/root/Main/Fire',
        settings: {sub_emitter: '../Sparks'},
      })
      expect(out.values.sub_emitter).to.equal('../Sparks')
      const logged = (await errorsSince(since)).filter((e) => /sub-emitter/i.test(String(e.message)))
      expect(logged, 'the engine warns about the sub-emitter (editor.errors)').to.have.length.greaterThan(0)
      const said = (out.engine_messages ?? []) as Json[]
      expect(
        said.map((m) => m.message),
        JSON.stringify(out),
      ).to.include(logged[0].message)
      expect(said.find((m) => m.message === logged[0].message)).to.include({severity: 'warning', seq: logged[0].seq})
    })

    it('a value equal to the default: node.set_many says a saved scene will not store it, and whose default it is', async () => {
      const features = await fx.inEditor('return ProjectSettings.get_setting("application/config/features")')
      const unsafe = {allow_unsafe_editor_io: true} // the features in memory only: project.godot stays as it is
      await fx.inEditor(
        'ProjectSettings.set_setting("application/config/features", PackedStringArray(["4.4", "GL Compatibility"]))\nreturn true',
        unsafe,
      )
      try {
        await fx.call('scene.open', {path: MAIN})
        await fx.call('node.add', {
          parent: '/root/Main',
          type: 'WorldEnvironment',
          name: 'Sky',
          properties: {environment: {class: 'Environment'}},
        })
        await fx.call('node.set_many', {
          node_path: '/root/Main/Sky',
          properties: {'environment:glow_blend_mode': 'Additive'},
        })
        const out = await fx.call('node.set_many', {
          node_path: '/root/Main/Sky',
          properties: {'environment:glow_blend_mode': 'Screen'},
        })
        expect(out.changed, 'Screen reads back as set').to.equal(true)
        await fx.call('scene.save', {path: MAIN})
        const text = readFileSync(fx.disk(MAIN), 'utf8')
        expect(text, 'the saved scene has the Environment').to.match(/\[sub_resource type="Environment"/)
        expect(text, 'and leaves the default out').not.to.match(/glow_blend_mode/)
        const notes = (out.equals_default ?? []) as Json[]
        expect(notes, JSON.stringify(out)).to.have.length(1)
        const engine = (await fx.call('engine.version')).string
        expect(notes[0]).to.include({property: 'environment:glow_blend_mode', value: 1})
        expect(String(engine)).to.include(notes[0].engine)
        expect(notes[0].note).to.match(/saved file will not store it/)
        expect(notes[0].note).to.include('declares Godot 4.4')
      } finally {
        await fx.inEditor(
          `ProjectSettings.set_setting("application/config/features", PackedStringArray(${JSON.stringify(features)}))\nreturn true`,
          unsafe,
        )
      }
    })

    it("a play racing another client's edits: the play waits its turn, saves, starts; the edits go on", async () => {
      await fx.call('scene.open', {path: MAIN})
      const editor = await EngineClient.connect({
        projectRoot: fx.editor.root,
        port: fx.editor.discovery.ws_port,
        clientName: 'editing-agent',
      })
      const player = await EngineClient.connect({
        projectRoot: fx.editor.root,
        port: fx.editor.discovery.ws_port,
        clientName: 'playing-agent',
      })
      clients.push(editor, player)
      let playing = true
      let edits = 0
      const failures: string[] = []
      // four edits in flight at all times, one after another, until the play has answered
      const lane = async (lane: number) => {
        while (playing) {
          const x = 1000 + 10 * edits++ + lane
          await editor
            .call('node.set', {node_path: '/root/Main/Player', property: 'position', value: [x, 50]})
            .catch((e: Error) => failures.push(e.message))
        }
      }
      const lanes = [0, 1, 2, 3].map(lane)
      while (edits < 8) await new Promise((resolve) => setTimeout(resolve, 20))
      const played: Json = await player
        .call<Json>('scene.play', {scene: 'main'})
        .catch((e: Error) => ({error: e.message}))
      if (typeof played.pid === 'number') fx.game.track(played.pid)
      const during = edits
      while (edits < during + 8) await new Promise((resolve) => setTimeout(resolve, 20))
      playing = false
      await Promise.all(lanes)
      expect(played.error, 'scene.play beside the edits').to.equal(undefined)
      expect(played.playing).to.equal(true)
      expect(played.saved).to.deep.equal([MAIN])
      expect(readFileSync(fx.disk(MAIN), 'utf8'), 'the saved scene holds one of the edits').to.match(
        /position = Vector2\(1\d\d\d, 50\)/,
      )
      expect(failures, 'every edit went through').to.deep.equal([])
    })

    it("a play whose save fails names the file and the engine's reason", async () => {
      const UI = 'res://scenes/ui.tscn'
      const text = readFileSync(fx.disk(UI), 'utf8')
      await fx.call('scene.open', {path: UI})
      try {
        await fx.call('node.set', {node_path: '/root/UI', property: 'modulate', value: '#ff0000'})
        // the scene's file made a folder: no save can replace it, whoever runs
        rmSync(fx.disk(UI))
        mkdirSync(fx.disk(UI))
        const refusal = await fx.rpcError('scene.play', {scene: 'current'})
        expect(refusal.message).to.include(`saving ${UI} before playing failed: `)
        expect(refusal.message).not.to.include('see the editor output')
        expect((refusal.rpcData as Json).path).to.equal(UI)
        expect(refusal.message, "the engine's reason").to.match(/cannot be written \(.+\)|the engine said: .+/)
      } finally {
        rmSync(fx.disk(UI), {recursive: true, force: true})
        writeFileSync(fx.disk(UI), text)
        await fx.call('scene.reload', {path: UI}).catch(() => {})
        await fx.call('scene.open', {path: MAIN})
      }
    })
  },
)

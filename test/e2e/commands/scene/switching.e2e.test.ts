// Switching the edited scene at any pace, from the first moment bridge answers: the editor's own start-up
// (reopening the last session's scenes) must not wedge scene.open, opens back to back or fired together over
// one connection must each land, and a read that follows an open reads the scene it opened.
import {expect} from 'chai'

import {copyAddon, enablePlugin} from '../../../../src/editor/install.js'
import {type Json, useEditor} from '../../../support/fixture.js'
import {manyScenes, writeSession} from '../../../support/many-scenes.js'

const project = manyScenes(52, 150)
const S = project.scene

describe('scene switching at any pace (real editor)', function () {
  this.timeout(240_000)
  after(() => project.remove())
  const fx = useEditor({
    fixture: project.root,
    pristine: false,
    waitForReady: false, // handed over as soon as bridge answers: the window the editor is still starting in
    waitForScene: false,
    install: (root) => {
      copyAddon(root)
      enablePlugin(root)
      // a project worked on before: the editor reopens these at start-up
      writeSession(root, [S(50), S(51), 'res://scenes/main.tscn'], 'res://scenes/main.tscn')
    },
  })

  it('opens a scene fired right after bridge answers, then 20 other scenes one after another', async () => {
    const first = await fx.call('scene.open', {path: S(0)})
    expect(first.path).to.equal(S(0))
    for (let i = 1; i <= 20; i++) {
      const opened = await fx.call('scene.open', {path: S(i)})
      expect(opened.root, `open #${i}`).to.equal(`/root/S${i}`)
      const tree = await fx.call('scene.tree', {max_depth: 0})
      expect(tree.path, `tree after open #${i}`).to.equal(`/root/S${i}`)
    }
    // the editor's start-up restore happened too (before the first open was let through)
    const open = ((await fx.call('scene.list_open')).scenes as Json[]).map((s) => s.path)
    expect(open).to.include.members([S(50), S(51), S(0), S(20)])
    const reloaded = await fx.call('scene.reload', {path: S(20)})
    expect(reloaded.reloaded).to.equal(true)
  })

  it('answers 50 scene.open + scene.tree pairs fired together over one connection, each tree the scene just opened', async () => {
    const calls: Promise<Json>[] = []
    for (let i = 0; i < 50; i++) {
      calls.push(fx.call('scene.open', {path: S(i)}), fx.call('scene.tree', {max_depth: 0}))
    }
    const out = await Promise.all(calls)
    for (let i = 0; i < 50; i++) {
      expect(out[2 * i].path, `open #${i}`).to.equal(S(i))
      expect(out[2 * i + 1].path, `tree after open #${i}`).to.equal(`/root/S${i}`)
    }
  })

  it('runs a `bridge run -` script of 50 open + tree pairs with every line answered right', async () => {
    const lines: string[] = []
    for (let i = 0; i < 50; i++) {
      const k = 49 - i // the other way round from the test above: every open switches
      lines.push(JSON.stringify({method: 'scene.open', params: {path: S(k)}, id: `o${k}`}))
      lines.push(JSON.stringify({method: 'scene.tree', params: {max_depth: 0}, id: `t${k}`}))
    }
    const run = await fx.cli(['run', '-'], {input: lines.join('\n') + '\n', timeoutMs: 180_000})
    expect(run.code, run.stderr).to.equal(0)
    const replies = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json)
    expect(replies).to.have.length(100)
    for (const reply of replies) {
      const k = Number(String(reply.id).slice(1))
      if (String(reply.id).startsWith('o')) expect(reply.result?.path, JSON.stringify(reply)).to.equal(S(k))
      else expect(reply.result?.path, JSON.stringify(reply)).to.equal(`/root/S${k}`)
    }
  })
})

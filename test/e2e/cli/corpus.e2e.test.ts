// The corpus loop over ten varied projects (test/support/corpus.ts), as an agent meets projects it did not
// write: install bridge as `bridge install --enable` does, start one editor per project, open every scene,
// play the main scene, edit the project through bridge's own commands, play again, and look for what must
// not happen: a scene that does not open, a play that fails, an edit not read back, an editor that died, an
// error logged from bridge's own scripts. One line of counts per project is printed, and the totals asserted.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {type CorpusEdit, type CorpusProject, writeCorpus} from '../../support/corpus.js'
import type {TestEditor} from '../../support/editor.js'
import {type Json, useEditors} from '../../support/fixture.js'

interface Row {
  name: string
  scenes: number
  opened: number
  plays: number
  playsOk: number
  edits: number
  editsOk: number
  /** Edits the next play showed: in the running game's tree, or in the output of a game that quits. */
  seen: number
  /** Errors the editor logged (informational: the projects' own scripts log some on purpose). */
  errors: number
  bridgeErrors: string[]
  alive: boolean
  problems: string[]
  seconds: number
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]

/** What the running game answers for the edit (runtime.eval in its current scene), and what it must answer. */
function inGame(edit: CorpusEdit): {code: string; expected: unknown} | undefined {
  if (edit.kind === 'node') return {code: 'return scene.has_node("CorpusEdit")', expected: true}
  if (edit.kind === 'tiles')
    return {code: `return scene.get_node("${edit.layer}").get_used_cells().size()`, expected: 3}
  if (edit.kind === 'shader')
    return {
      code: `var c: Color = scene.get_node("${edit.node}").material.get_shader_parameter("${edit.param}")\nreturn [c.r, c.g, c.b, c.a]`,
      expected: [0, 1, 0, 1],
    }
  return undefined // a script edit shows in the output of the game that quits
}

/**
 * Plays the main scene headless; a game still running is stopped (scene.stop, then its pid killed). With
 * `edited`, the play must show the edit: in the running game, or in the output of a game that quits.
 */
async function play(editor: TestEditor, project: CorpusProject, row: Row, edited = false): Promise<void> {
  const expectOutput = project.edit.kind === 'script' ? (edited ? project.edit.replace : project.edit.find) : undefined
  row.plays++
  let pid = 0
  try {
    const out = await editor.client.call<Json>('scene.play', {
      scene: 'main',
      display: 'headless',
      ...(project.quits && edited ? {wait_exit: true} : {}), // the first play: a quick finish without waiting
    })
    pid = out.pid
    if (project.quits) {
      const output: string[] = out.output ?? []
      if (out.finished !== true) row.problems.push(`play ${row.plays}: a game that quits was not a finished run`)
      else if (expectOutput && !output.some((l) => l.includes(expectOutput)))
        row.problems.push(`play ${row.plays}: its output lacks "${expectOutput}": ${JSON.stringify(output)}`)
      else {
        row.playsOk++
        if (edited) row.seen++
      }
    } else if (out.playing === true) {
      row.playsOk++
      const check = edited ? inGame(project.edit) : undefined
      if (check) {
        const answer = (await editor.client.call<Json>('runtime.eval', {code: check.code})).result
        if (JSON.stringify(answer) === JSON.stringify(check.expected)) row.seen++
        else
          row.problems.push(
            `play ${row.plays}: the game shows ${JSON.stringify(answer)}, not the edit's ${JSON.stringify(check.expected)}`,
          )
      }
    } else row.problems.push(`play ${row.plays}: not playing: ${JSON.stringify(out)}`)
  } catch (error) {
    row.problems.push(`play ${row.plays}: ${message(error)}`)
  } finally {
    await editor.client.call('scene.stop').catch(() => {})
    if (pid && pidAlive(pid)) process.kill(pid, 'SIGKILL')
  }
}

/** The project's edit through bridge, read back from the editor or the disk. */
async function edit(editor: TestEditor, project: CorpusProject, row: Row): Promise<void> {
  row.edits++
  const call = <T = Json>(method: string, params: Json = {}) => editor.client.call<T>(method, params)
  const onDisk = (res: string) => readFileSync(join(editor.root, res.replace(/^res:\/\//, '')), 'utf8')
  try {
    const e = project.edit
    if (e.kind === 'script') {
      const out = await call('script.edit', {path: e.path, replacements: [{find: e.find, replace: e.replace}]})
      if (out.compiles !== true || !onDisk(e.path).includes(e.replace))
        throw new Error(`not written: ${JSON.stringify(out)}`)
    } else if (e.kind === 'node') {
      await call('node.add', {type: 'Node', name: 'CorpusEdit'})
      await call('scene.save')
      // Godot 4.6 writes a unique_id after parent=
      if (!/\[node name="CorpusEdit" type="Node" parent="\."[ \]]/.test(onDisk(project.main)))
        throw new Error(`the saved ${project.main} lacks the added node`)
    } else if (e.kind === 'tiles') {
      const out = await call('tilemap.set_cells', {
        node_path: `/root/Main/${e.layer}`,
        cells: [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        source_id: 0,
        atlas: [1, 0],
      })
      await call('scene.save')
      if (out.cells_painted !== 3 || !onDisk(project.main).includes('tile_map_data'))
        throw new Error(`cells not painted and saved: ${JSON.stringify(out)}`)
    } else {
      await call('shader.set_param', {node_path: `/root/Main/${e.node}`, name: e.param, value: [0, 1, 0, 1]})
      const params = await call<{uniforms: Json[]}>('shader.params', {node_path: `/root/Main/${e.node}`})
      const value = params.uniforms.find((u) => u.name === e.param)?.value
      if (JSON.stringify(value) !== JSON.stringify([0, 1, 0, 1])) throw new Error(`read back ${JSON.stringify(value)}`)
      await call('scene.save')
    }
    row.editsOk++
  } catch (error) {
    row.problems.push(`edit (${project.edit.kind}): ${message(error)}`)
  }
}

async function loop(editor: TestEditor, project: CorpusProject, row: Row): Promise<void> {
  const call = <T = Json>(method: string, params: Json = {}) => editor.client.call<T>(method, params)
  const projectGodot = readFileSync(join(editor.root, 'project.godot'), 'utf8')
  for (const line of [...(project.keeps ?? []), 'res://addons/bridge/plugin.cfg'])
    if (!projectGodot.includes(line)) row.problems.push(`install lost (or did not add) ${line} in project.godot`)
  for (const scene of project.scenes) {
    try {
      const out = await call('scene.open', {path: scene})
      const current = await call('scene.current')
      if (out.path === scene && current.path === scene) row.opened++
      else row.problems.push(`open ${scene}: answered ${out.path}, the edited scene is ${current.path}`)
    } catch (error) {
      row.problems.push(`open ${scene}: ${message(error)}`)
    }
  }
  await call('scene.open', {path: project.main}).catch((error) => row.problems.push(`open main: ${message(error)}`))
  if (project.addedOnOpen && !JSON.stringify(await call('scene.tree')).includes(`"${project.addedOnOpen}"`))
    row.problems.push(`the project's @tool script did not add ${project.addedOnOpen} when ${project.main} opened`)
  await play(editor, project, row)
  await edit(editor, project, row)
  await play(editor, project, row, true)
  const errors = await call<{entries: {message: string}[]}>('editor.errors', {limit: 1000})
  row.errors = errors.entries.length
  row.bridgeErrors = errors.entries.map((e) => e.message).filter((m) => m.includes('addons/bridge/'))
}

describe('corpus: install, open every scene, play, edit, play again over ten varied projects', function () {
  const corpus = writeCorpus()
  const pool = useEditors()
  const rows: Row[] = []
  after(() => corpus.remove())

  for (const project of corpus.projects)
    it(`${project.name}: every scene opens, both plays and the edit work, no error from bridge's scripts`, async function () {
      this.timeout(300_000)
      const started = Date.now()
      const row: Row = {
        name: project.name,
        scenes: project.scenes.length,
        opened: 0,
        plays: 0,
        playsOk: 0,
        edits: 0,
        editsOk: 0,
        seen: 0,
        errors: 0,
        bridgeErrors: [],
        alive: false,
        problems: [],
        seconds: 0,
      }
      rows.push(row)
      const editor = await pool.start({fixture: project.root})
      try {
        await loop(editor, project, row)
      } catch (error) {
        row.problems.push(`the loop broke off: ${message(error)}`)
      } finally {
        row.alive = pidAlive(editor.pid)
        await pool.stopAll()
        row.seconds = (Date.now() - started) / 1000
        console.log(
          `      corpus ${row.name.padEnd(20)} scenes ${row.opened}/${row.scenes}  plays ${row.playsOk}/${row.plays}  ` +
            `edits ${row.editsOk}/${row.edits} (in the game ${row.seen})  bridge errors ${row.bridgeErrors.length}  ` +
            `(editor errors ${row.errors}, ${row.seconds.toFixed(1)} s)`,
        )
      }
      expect(row.alive, 'the editor is still running after the loop').to.equal(true)
      expect(row.bridgeErrors, "errors logged from bridge's own scripts").to.deep.equal([])
      expect(row.problems).to.deep.equal([])
    })

  it('the totals: every scene of every project opened, every play and edit worked', () => {
    const sum = (key: 'scenes' | 'opened' | 'plays' | 'playsOk' | 'edits' | 'editsOk' | 'seen') =>
      rows.reduce((n, r) => n + r[key], 0)
    const bridgeErrors = rows.reduce((n, r) => n + r.bridgeErrors.length, 0)
    console.log(
      `      corpus total: ${rows.length} projects, scenes ${sum('opened')}/${sum('scenes')}, ` +
        `plays ${sum('playsOk')}/${sum('plays')}, edits ${sum('editsOk')}/${sum('edits')} (in the game ${sum('seen')}), bridge errors ${bridgeErrors}`,
    )
    expect(rows.length).to.equal(corpus.projects.length)
    expect(corpus.projects.length).to.be.at.least(10)
    expect(sum('scenes')).to.be.at.least(50 + 9)
    expect(sum('opened')).to.equal(sum('scenes'))
    expect(sum('playsOk')).to.equal(2 * rows.length)
    expect(sum('editsOk')).to.equal(rows.length)
    expect(sum('seen')).to.equal(rows.length)
    expect(bridgeErrors).to.equal(0)
  })
})

// Commands that inspect never write errors: every read-only command (declared read_only: MCP's readOnlyHint) runs
// on each corpus project (test/support/corpus.ts, ten projects shaped like the ones people bring) and on the demo
// project, with its declared example and again with only the example's required parameters (so the defaults,
// mostly "the open scene", meet each project's own scenes), and after each call editor.errors must hold no entry
// that appeared during it: whatever the engine logged while a command only looked is bridge's doing (a call the
// engine refused, a method a node does not have, a load of a path that is not there). A refusal is a fine answer;
// an entry in the log beside it is not. On the demo project each example runs in its example_scene after its
// example_setup (what the setup logs is not counted), so the examples' own success paths are swept too.
// BRIDGE_SWEEP_GROUPS=analysis,scene limits the sweep to some groups; BRIDGE_CORPUS_ONLY=name,name to some projects
// (none: the demo alone); BRIDGE_SWEEP_VERBOSE=1 prints every refusal.
import {expect} from 'chai'

import {pidAlive} from '../../../src/editor/discovery.js'
import {type CorpusProject, writeCorpus} from '../../support/corpus.js'
import type {TestEditor} from '../../support/editor.js'
import {type Json, useEditors} from '../../support/fixture.js'
import {restore, snapshot} from '../../support/project-files.js'

interface Doc extends Json {
  method: string
  params: {name: string; required?: boolean}[]
  example: Json
  read_only: boolean
  needs: string
  example_setup?: {method: string; params?: Json}[]
  example_scene?: string
}

const GROUPS = (process.env.BRIDGE_SWEEP_GROUPS ?? '').split(',').filter(Boolean)
const ONLY = (process.env.BRIDGE_CORPUS_ONLY ?? '').split(',').filter(Boolean)
const VERBOSE = process.env.BRIDGE_SWEEP_VERBOSE === '1'
/** The example with only its required parameters (undefined when that is the example itself). */
function requiredOnly(doc: Doc): Json | undefined {
  const required = new Set(doc.params.filter((p) => p.required).map((p) => p.name))
  const trimmed = Object.fromEntries(Object.entries(doc.example ?? {}).filter(([k]) => required.has(k)))
  return Object.keys(trimmed).length === Object.keys(doc.example ?? {}).length ? undefined : trimmed
}

/** One line naming an entry: its message and where the engine or the script said it was. */
function describeEntry(e: Json): string {
  const where = [e.script_file && `${e.script_file}:${e.script_line}`, e.file && `${e.file}:${e.line}`]
    .filter(Boolean)
    .join(' ')
  return `[${e.source} ${e.type}] ${String(e.message).split('\n')[0]}${where ? ` (${where})` : ''}`
}

const noSetup = async (): Promise<void> => {}

/**
 * Runs every read-only command of `docs` on `editor` and returns what each wrote into editor.errors. `prepare`
 * runs before each command's cursor is taken (the demo's example_scene and example_setup).
 */
async function sweep(
  editor: TestEditor,
  label: string,
  docs: Doc[],
  prepare: (doc: Doc) => Promise<void> = noSetup,
): Promise<{calls: number; refused: number; wrote: string[]}> {
  const call = <T = Json>(method: string, params: Json = {}) => editor.client.call<T>(method, params)
  const wrote: string[] = []
  let calls = 0
  let refused = 0
  // where the log stands: the last editor.errors reply's next_seq, read again only after a setup ran (what a
  // setup logs is not counted), so each call costs one editor.errors, not two
  let since: number | undefined
  for (const doc of docs) {
    try {
      await prepare(doc)
      if (prepare !== noSetup) since = undefined
    } catch (error) {
      const why = (error as Error).message.split('\n')[0]
      // a frame baseline needs a game that renders: the headless sweep cannot set it up (examples sweep covers it)
      if (!why.includes('has no renderer')) wrote.push(`${label}: ${doc.method}: its example_setup failed: ${why}`)
      continue
    }
    const variants = [doc.example ?? {}, requiredOnly(doc)].filter((v): v is Json => v !== undefined)
    for (const params of variants) {
      since ??= (await call<{next_seq: number}>('editor.errors', {limit: 1})).next_seq
      calls++
      await call(doc.method, params).catch((error: Error) => {
        refused++
        if (VERBOSE)
          console.log(
            `        refused ${label}: ${doc.method} ${JSON.stringify(params)}: ${error.message.split('\n')[0]}`,
          )
      })
      const read = await call<{entries: Json[]; next_seq: number}>('editor.errors', {since, limit: 1000})
      const {entries} = read
      since = entries.length < 1000 ? read.next_seq : undefined
      for (const e of entries) wrote.push(`${label}: ${doc.method} ${JSON.stringify(params)}: ${describeEntry(e)}`)
    }
  }
  return {calls, refused, wrote}
}

describe('read-only commands write no errors: every one on the corpus projects and the demo (real editors)', function () {
  const corpus = writeCorpus()
  const pool = useEditors({each: true})
  after(() => corpus.remove())
  let docs: Doc[] = []
  const projects = corpus.projects.filter((p) => ONLY.length === 0 || ONLY.includes(p.name))

  /** The read-only commands, read from the first editor's declarations. */
  async function readOnly(editor: TestEditor): Promise<Doc[]> {
    if (docs.length === 0) {
      const all = (await editor.client.call<{commands: Doc[]}>('engine.commands')).commands
      docs = all.filter(
        (c) =>
          c.source === 'builtin' && c.read_only && (GROUPS.length === 0 || GROUPS.includes(c.method.split('.')[0])),
      )
      expect(docs.length, 'read-only commands').to.be.greaterThan(GROUPS.length === 0 ? 90 : 0)
    }
    return docs
  }

  for (const project of projects as CorpusProject[])
    it(`${project.name}: no read-only command writes an entry into editor.errors`, async function () {
      this.timeout(400_000)
      const editor = await pool.start({fixture: project.root})
      await editor.client.call('scene.open', {path: project.main})
      const out = await sweep(editor, project.name, await readOnly(editor))
      console.log(
        `      ${project.name.padEnd(20)} ${out.calls} calls (${out.refused} refused), ${out.wrote.length} entries written`,
      )
      expect(out.wrote, out.wrote.join('\n')).to.deep.equal([])
    })

  it('the demo project: each example in its example_scene after its setup, the game-side ones in a play', async function () {
    this.timeout(600_000)
    const editor = await pool.start()
    const call = <T = Json>(method: string, params: Json = {}) => editor.client.call<T>(method, params)
    const all = await readOnly(editor)
    const editorSide = all.filter((d) => d.needs !== 'game')
    // the game's: played once, held by no breakpoint (the debugger's own commands need a stop and are swept elsewhere)
    const gameSide = all.filter((d) => d.needs === 'game' && !d.method.startsWith('debug.'))
    const files = snapshot(editor.root)
    // the example's scene open and reloaded (what an earlier setup left in it gone), then this example's setup
    const prepare = async (doc: Doc) => {
      const scene = doc.example_scene ?? 'res://scenes/main.tscn'
      await call('scene.open', {path: scene})
      await call('scene.reload', {path: scene})
      for (const step of doc.example_setup ?? []) await call(step.method, step.params ?? {})
    }
    const first = await sweep(editor, 'demo', editorSide, prepare)
    // the project's files as they were (a setup saved the main scene with a tile atlas of its own), to play
    restore(editor.root, files)
    const scanned =
      'EditorInterface.get_resource_filesystem().scan()\n' +
      'while EditorInterface.get_resource_filesystem().is_scanning():\n\tawait scene.get_tree().process_frame\nreturn true'
    await call('editor.run_script', {code: scanned})
    await call('scene.open', {path: 'res://scenes/main.tscn'})
    await call('scene.reload', {path: 'res://scenes/main.tscn'})
    const played = await call<{pid: number}>('scene.play', {scene: 'main', display: 'headless'})
    let second = {calls: 0, refused: 0, wrote: [] as string[]}
    try {
      second = await sweep(editor, 'demo (playing)', gameSide, async (doc) => {
        for (const step of doc.example_setup ?? [])
          if (step.method !== 'scene.play') await call(step.method, step.params ?? {})
      })
    } finally {
      await call('scene.stop').catch(() => {})
      if (played.pid && pidAlive(played.pid)) process.kill(played.pid, 'SIGKILL')
    }
    const wrote = [...first.wrote, ...second.wrote]
    console.log(
      `      demo                 ${first.calls + second.calls} calls (${first.refused + second.refused} refused), ` +
        `${wrote.length} entries written`,
    )
    expect(wrote, wrote.join('\n')).to.deep.equal([])
  })
})

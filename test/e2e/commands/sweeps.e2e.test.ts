// The sweeps: every guarantee of the command model (docs/architecture.md, "What the router guarantees"),
// proved for every live command against a real editor, from the declarations alone:
// (the property maps first: the examples end with editor.quit)
// - examples: each command's declared example runs (after its example_setup, in its example_scene),
//   the result validates against its declared `returns` (output_schema) and, unless the command declares
//   `answer_size` (why it is large), fits ANSWER_BUDGET as compact JSON: answers are sized for a model;
// - undo: each scene-scoped example applied, undone and redone leaves the saved scene text as it was /
//   as applied; global ones report undoable, "none" ones report not undoable;
// - property maps: each command with a property map refuses a value the engine does not keep
//   (example_refused) and leaves the scene and its history unchanged, and a misspelt property gets a
//   did-you-mean.
// Each sweep prints how many commands it covered and fails on any command it could not cover, rather
// than skipping it. BRIDGE_SWEEP_GROUPS=node,physics limits the sweeps to some groups (while working on
// them); BRIDGE_SWEEP_PROPOSE=dir writes a proposed `returns` shape per command from its real result.
import {Ajv} from 'ajv'
import {expect} from 'chai'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {type Json, useEditor} from '../../support/fixture.js'
import {type Doc, exampleOrder, freshFor, MAIN_SCENE, snapshot, SWEEP_GROUPS as GROUPS} from '../../support/sweep.js'

const PROPOSE = process.env.BRIDGE_SWEEP_PROPOSE ?? ''
/** The most an answer may weigh as compact JSON (bytes) unless its command declares `answer_size`: a summary,
 *  its large parts (tiles, cells, nodes, frames, properties, commands) behind a paging or detail parameter. */
const ANSWER_BUDGET = 1024

/** An answer's heaviest fields, "name: bytes", so that a failure says what to page or summarise. */
function heaviest(result: Json): string {
  return Object.entries(result)
    .map(([key, value]) => [key, answerSize(value)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, size]) => `${key}: ${size}`)
    .join(', ')
}

/** What the router adds to any answer: the engine's own messages logged during the call (core/engine_said.gd,
 *  at most 30), which depend on what the engine logged then, not on the command's answer. */
const ROUTER_ADDS = new Set(['engine_messages', 'engine_messages_note', 'equals_default'])

/** An answer's weight as compact JSON, its images (image_base64) left out: MCP hands those over as image content
 *  (src/mcp/results.ts), the CLI writes them to files (--out); their pixels are not text a model reads. */
function answerSize(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result, (key, value) => (key === 'image_base64' ? '' : value)))
}

/** The command's own answer: without what the router adds. */
function ownAnswer(result: Json): Json {
  return Object.fromEntries(Object.entries(result).filter(([key]) => !ROUTER_ADDS.has(key)))
}

/** A `returns` shape (command_group.gd) proposed from one real result. */
function shapeOf(value: unknown, depth = 0): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length > 0 && depth < 2 ? [shapeOf(value[0], depth + 1)] : 'Array'
  switch (typeof value) {
    case 'string':
      return 'string'
    case 'boolean':
      return 'bool'
    case 'number':
      return Number.isInteger(value) ? 'int|float' : 'float'
    case 'object':
      if (depth >= 2) return 'Dictionary'
      return Object.fromEntries(
        Object.entries(value as Json)
          .filter(([k]) => k !== 'undoable' && k !== 'saved')
          .map(([k, v]) => [k, shapeOf(v, depth + 1)]),
      )
  }
  return 'any'
}

describe('command-model sweeps over every command (real editor)', function () {
  this.timeout(1_200_000)
  // the game's frame commands need a renderer: the editor (and so its game) runs under the private Xvfb
  const fx = useEditor({
    pristine: false,
    xvfb: true,
  })
  let docs: Doc[]
  let files: Map<string, Buffer>
  const ajv = new Ajv({allErrors: true, strict: false})
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)

  before(async function () {
    this.timeout(180_000)
    const all = (await call<{commands: Doc[]}>('engine.commands')).commands.filter((c) => c.source === 'builtin')
    docs = GROUPS.length > 0 ? all.filter((c) => GROUPS.includes(c.method.split('.')[0])) : all
    files = snapshot(fx.editor.root)
    if (PROPOSE) mkdirSync(PROPOSE, {recursive: true})
  })

  const fresh = (doc: Doc) => freshFor(call, fx.editor.root, files, doc)

  const savedText = async (doc: Doc) => {
    const scene = doc.example_scene ?? MAIN_SCENE
    await call('scene.save', {path: scene})
    // the uid in the header is the file's identity, which the editor assigns to a scene saved without one
    return readFileSync(join(fx.editor.root, scene.replace('res://', '')), 'utf8').replace(
      / uid="uid:\/\/[a-z0-9]+"/,
      '',
    )
  }

  const failures: string[] = []
  const covered = {examples: 0, undo: 0, refused: 0}

  it('refuses, for every command with a property map, a value the engine does not keep, changing nothing', async () => {
    const withMap = docs.filter((d) => d.params.some((p) => p.kind === 'properties'))
    if (GROUPS.length === 0) expect(withMap.length, 'commands with a property map').to.be.greaterThan(0)
    for (const doc of withMap) {
      if (!doc.example_refused) {
        failures.push(`${doc.method}: has a property map but declares no example_refused`)
        continue
      }
      try {
        await fresh(doc)
        const before = doc.undo === 'scene' ? await savedText(doc) : ''
        const history = await call('editor.undo_history')
        let refusal: Json | undefined
        try {
          await call(doc.method, {...doc.example, ...doc.example_refused})
        } catch (error) {
          refusal = error as Json
        }
        if (!refusal) failures.push(`${doc.method}: example_refused was accepted`)
        else if (!/the engine (ignored|did not keep)/.test(String(refusal.message)))
          failures.push(`${doc.method}: refusal does not say what the engine kept: ${refusal.message}`)
        if (doc.undo === 'scene' && (await savedText(doc)) !== before)
          failures.push(`${doc.method}: the refused example changed the scene`)
        expect(await call('editor.undo_history'), `${doc.method} left the history as it was`).to.deep.equal(history)
        const map = doc.params.find((p) => p.kind === 'properties')!.name
        const first = Object.keys(doc.example[map] ?? {})[0]
        if (first && first.length > 3) {
          const typo = first.slice(0, -1)
          try {
            await call(doc.method, {...doc.example, [map]: {[typo]: doc.example[map][first]}})
            failures.push(`${doc.method}: the misspelt property '${typo}' was accepted`)
          } catch (error) {
            if (!String((error as Error).message).includes(`did you mean '${first}'`))
              failures.push(`${doc.method}: no did-you-mean for '${typo}': ${(error as Error).message}`)
          }
        }
        covered.refused++
      } catch (error) {
        failures.push(`${doc.method}: ${(error as Error).message}`)
      }
    }
    console.log(
      `      property maps: ${covered.refused}/${withMap.length} commands refuse what the engine does not keep`,
    )
  })

  it('runs every example and validates its result against its declared returns', async () => {
    const missingReturns: string[] = []
    const overBudget: string[] = []
    // the editor's commands, then the game's (scene.play starts it, scene.stop ends it), then editor.quit
    const play =
      docs.find((d) => d.method === 'scene.play') ??
      (await call<{commands: Doc[]}>('engine.commands', {group: 'scene'})).commands.find(
        (d) => d.method === 'scene.play',
      )!
    const {sequence, inGame} = exampleOrder(docs, play)
    for (const doc of sequence) {
      const counted = docs.includes(doc)
      if (counted && !doc.result_schema) missingReturns.push(doc.method)
      try {
        if (!inGame.has(doc) || doc === play) await fresh(doc)
        else for (const step of doc.example_setup ?? []) await call(step.method, step.params ?? {})
        if (doc.needs === 'editor_renderer') {
          // the sweep's editor runs --headless, which draws nothing: the command must say so; its example and
          // result shape are proved on an editor with a renderer (test/e2e/commands/editor/screenshot.e2e.test.ts)
          const refusal = await call(doc.method, doc.example).then(
            () => 'it answered',
            (error: Error) => error.message,
          )
          if (!refusal.includes('--headless'))
            failures.push(`${doc.method}: a headless editor must refuse it, saying why: ${refusal}`)
          else if (counted) covered.examples++
          continue
        }
        let before = ''
        if (doc.undo === 'scene' && !doc.read_only) before = await savedText(doc)
        const result = await call(doc.method, doc.example)
        const size = answerSize(ownAnswer(result))
        if (counted && size > ANSWER_BUDGET && !doc.answer_size)
          overBudget.push(`${doc.method} (${size} bytes; ${heaviest(ownAnswer(result))})`)
        if (PROPOSE) writeFileSync(join(PROPOSE, `${doc.method}.json`), JSON.stringify(shapeOf(result), null, 1))
        if (doc.result_schema) {
          const validate = ajv.compile(doc.result_schema)
          if (!validate(result))
            failures.push(`${doc.method}: result does not match returns: ${ajv.errorsText(validate.errors)}`)
        }
        if (!doc.read_only) {
          if (doc.undo === 'scene') {
            const applied = await savedText(doc)
            if (applied === before) failures.push(`${doc.method}: its example changed nothing in the saved scene`)
            else if (result.undoable !== true) failures.push(`${doc.method}: a scene edit must report undoable: true`)
            else {
              await call('editor.undo')
              if ((await savedText(doc)) !== before)
                failures.push(`${doc.method}: undo did not restore the saved scene`)
              await call('editor.redo')
              if ((await savedText(doc)) !== applied) failures.push(`${doc.method}: redo did not re-apply the example`)
              covered.undo++
            }
          } else if (doc.undo === 'global' && result.undoable !== true)
            failures.push(`${doc.method}: a global-history change must report undoable: true`)
          else if (doc.undo === 'global') {
            // project settings live in the editor's memory too: undo them so later examples start clean
            await call('editor.undo')
            covered.undo++
          } else if (doc.undo === 'none' && result.undoable !== false)
            failures.push(`${doc.method}: a change outside any history must report undoable: false`)
          else covered.undo++
        }
        if (counted) covered.examples++
      } catch (error) {
        failures.push(`${doc.method}: example failed: ${(error as Error).message}`)
      }
    }
    console.log(
      `      examples: ${covered.examples}/${docs.length} ran; undo scope checked for ${covered.undo} mutating commands`,
    )
    if (overBudget.length > 0)
      failures.push(
        `answers over ${ANSWER_BUDGET} bytes of compact JSON without a declared answer_size: ${overBudget.join(', ')}`,
      )
    expect(missingReturns, 'commands without a declared returns shape').to.deep.equal([])
  })

  it('covered every command: no failures above', () => {
    expect(failures, failures.join('\n')).to.deep.equal([])
  })
})

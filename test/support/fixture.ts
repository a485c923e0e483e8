// The shared shape of an engine-backed command test file: one editor for the whole file (started in
// `before`, stopped in `after`), a typed call function, the scene helpers, and the check that each
// passing test left the edited scene exactly as it found it. Use it inside a `describe`.
import {expect} from 'chai'

import type {EngineError} from '../../src/errors.js'
import {type StartOptions, startEditor, type TestEditor} from './editor.js'
import {refusedUnchanged, sceneHistory, undoOwn} from './rpc.js'

export type Json = Record<string, any>

export interface EditorFixture {
  /** The running editor (set once `before` has run). */
  readonly editor: TestEditor
  /** The scene tree as `before` left it (each passing test must leave it so). */
  readonly pristine: Json
  call<T = Json>(method: string, params?: Json): Promise<T>
  /** scene.tree of the edited scene. */
  tree(): Promise<Json>
  /** The edited scene's undo history entry (count, last action). */
  sceneHistory(): Promise<{history: string; count: number}>
  /** Undoes the newest action, after checking it is `action` (the command's own). */
  undo(action: string): Promise<void>
  /** Expects a refusal with `code` and the fragments, with the tree and the undo history unchanged. */
  refused(method: string, params: Json, code: number, ...fragments: string[]): Promise<EngineError>
}

export interface FixtureOptions extends StartOptions {
  /** Check after every passing test that the scene tree is as it was after `before` (default true). */
  pristine?: boolean
  /** Runs once the editor is up, before the pristine tree is taken (files to write, scenes to open). */
  setup?: (fixture: EditorFixture) => Promise<void>
}

/** Registers before/after/afterEach hooks in the current `describe` and returns the fixture. */
export function useEditor(options: FixtureOptions = {}): EditorFixture {
  let editor: TestEditor | undefined
  let pristine: Json | undefined
  const fixture: EditorFixture = {
    get editor() {
      if (!editor) throw new Error('the editor is not started yet: use the fixture inside tests or hooks')
      return editor
    },
    get pristine() {
      if (!pristine) throw new Error('no pristine tree: the fixture was created with pristine: false')
      return pristine
    },
    call: <T = Json>(method: string, params: Json = {}) => fixture.editor.client.call<T>(method, params),
    tree: () => fixture.call('scene.tree'),
    sceneHistory: () => sceneHistory(fixture.editor.client),
    undo: (action: string) => undoOwn(fixture.editor.client, action),
    refused: (method, params, code, ...fragments) =>
      refusedUnchanged(
        fixture.editor.client,
        async () => [await fixture.tree(), (await fixture.sceneHistory()).count],
        method,
        params,
        code,
        ...fragments,
      ),
  }
  before(async function () {
    this.timeout(120_000)
    editor = await startEditor(options)
    await options.setup?.(fixture)
    if (options.pristine !== false) pristine = await fixture.tree()
  })
  after(async function () {
    this.timeout(30_000)
    await editor?.stop()
  })
  afterEach(async function () {
    if (pristine && this.currentTest?.state === 'passed')
      expect(await fixture.tree(), 'each test leaves the scene as it found it').to.deep.equal(pristine)
  })
  return fixture
}

// The one e2e harness. `useEditor()` registers the hooks of an engine-backed test file inside its
// `describe`: one real headless editor for the file (started in `before`, stopped in `after`, never left
// running), a typed call, the group's declared examples, the scene helpers, refusals that must change
// nothing, the project's files on disk, games started from the editor, and the CLI run against it.
// Files whose subject is starting editors (launch, identity, a second editor inside a test) use
// `useEditors()`, which stops whatever they started. No e2e file starts or stops an editor by hand
// (test/unit/e2e-harness.test.ts checks it).
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {isAbsolute, join} from 'node:path'

import type {EngineError} from '../../src/errors.js'
import {BRIDGE_BIN, CLI_ENV, type CliResult, parseJson, runCli} from './cli.js'
import {type StartOptions, startEditor, type TestEditor} from './editor.js'
import {type GameControl, gameControl} from './game.js'
import type {Json} from './json.js'
import {refusedUnchanged, rpcError, sceneHistory, undoOwn} from './rpc.js'
import {startXvfb, type Xvfb, xvfbRoot} from './xvfb.js'

export type {Json} from './json.js'

/** What a refusal must leave as it was, besides (by default) the edited scene's undo history. */
export interface Keeping {
  /** State read before and after the refused call (default: scene.tree when no `files` are given). */
  snapshot?: () => unknown
  /** Project files (res:// paths, or paths relative to the project) whose bytes must stay the same (missing stays missing). */
  files?: string[]
  /** Also compare the edited scene's undo history (count and current step). Default true. */
  history?: boolean
}

export interface EditorFixture {
  /** The running editor (set once `before` has run). */
  readonly editor: TestEditor
  /** The scene tree as `before` left it (each passing test must leave it so). */
  readonly pristine: Json
  /** Declared examples by method: of `group` (or groups), or of every command when no group was given. */
  readonly examples: Record<string, Json>
  /** The declared commands (engine.commands entries) the examples were read from. */
  readonly commands: Json[]
  call<T = Json>(method: string, params?: Json): Promise<T>
  /** scene.tree of the edited scene. */
  tree(): Promise<Json>
  /** The edited scene's undo history entry (count, current, last action). */
  sceneHistory(): Promise<{history: string; count: number; current?: number} & Json>
  /** Undoes the newest action, after checking it is `action` (the command's own). */
  undo(action: string): Promise<void>
  /** Runs GDScript in the editor (`scene` is the edited root) and returns its return value. */
  inEditor(code: string, params?: Json): Promise<any>
  /** The absolute path of a project file (res://x or x). */
  disk(res: string): string
  /** A project file's text, read from disk. */
  read(res: string): string
  /** The editor's error for a call that must fail (any code, nothing else checked). */
  rpcError(method: string, params?: Json): Promise<EngineError>
  /** Expects a refusal with `code` and the fragments (no state compared: for calls that change nothing by nature). */
  failsWith(method: string, params: Json, code: number, ...fragments: string[]): Promise<EngineError>
  /** Expects a refusal with `code` and the fragments, with the tree and the undo history unchanged. */
  refused(method: string, params: Json, code: number, ...fragments: string[]): Promise<EngineError>
  /** The same, but what must stay unchanged is the chosen snapshot and/or files (plus the history unless turned off). */
  refusedKeeping(
    keeping: Keeping,
    method: string,
    params: Json,
    /** The error code it must have (null: any). */
    code: number | null,
    ...fragments: string[]
  ): Promise<EngineError>
  /** The private X server the editor runs on (the `xvfb` option), or undefined. */
  readonly xvfb: Xvfb | undefined
  /** Games started from this editor (stopped, by pid, after every test that used it and in `after`). */
  readonly game: GameControl
  /** Runs the built `bridge` CLI in the project (cwd: the project root). */
  cli(args: string[], options?: Parameters<typeof runCli>[1]): Promise<CliResult>
  /** Runs the CLI with `--json` in the project and parses its output. */
  cliJson<T = Json>(...args: string[]): Promise<T>
  /**
   * An MCP client connected to this editor's HTTP endpoint (closed before the editor stops), listing `toolsets`
   * (default all: a test calls any command as a typed tool; `auto`: the default the client's name earns).
   */
  mcpHttp(name?: string, toolsets?: string): Promise<Client>
  /**
   * An MCP client of `bridge serve --project <root> --toolsets <toolsets>` over stdio (closed before the editor
   * stops; toolsets as for mcpHttp); `before(client)` runs before it connects (to register notification handlers).
   */
  mcpServe(options?: {
    env?: Record<string, string>
    name?: string
    toolsets?: string
    before?: (client: Client) => void
  }): Promise<Client>
}

export interface FixtureOptions extends StartOptions {
  /** The command group(s) whose declared examples `examples` holds (default: every command). */
  group?: string | string[]
  /** Check after every passing test that the scene tree is as it was after `before` (default true). */
  pristine?: boolean
  /** Runs once the editor is up and the examples are read, before the pristine tree is taken. */
  setup?: (fixture: EditorFixture) => Promise<void>
  /**
   * Start the private Xvfb before the editor, which runs on its display (stopped after the editor): the games
   * it plays render, and so does the editor itself with `headless: false`. 'if-available': only where the
   * Xvfb is installed (scripts/install-godot.sh).
   */
  xvfb?: boolean | 'if-available'
  /** Runs before the editor starts; what it returns is merged into the start options (e.g. a private display's env). */
  prepare?: () => Promise<StartOptions | void>
  /** Runs after the editor has stopped (what `prepare` started). */
  teardown?: () => Promise<void> | void
}

/** Registers before/after/afterEach hooks in the current `describe` and returns the fixture. */
export function useEditor(options: FixtureOptions = {}): EditorFixture {
  let editor: TestEditor | undefined
  let xvfb: Xvfb | undefined
  let pristine: Json | undefined
  let commands: Json[] | undefined
  let examples: Record<string, Json> | undefined
  const clients: Client[] = []
  const state = async (keeping: Keeping) => {
    const out: unknown[] = []
    if (keeping.snapshot) out.push(await keeping.snapshot())
    else if (!keeping.files) out.push(await fixture.tree())
    for (const file of keeping.files ?? []) {
      const path = fixture.disk(file)
      out.push(existsSync(path) ? readFileSync(path, 'utf8') : null)
    }
    if (keeping.history !== false) {
      const history = await fixture.sceneHistory().catch(() => undefined)
      out.push(history ? [history.count, history.current] : null)
    }
    return out
  }
  const fixture: EditorFixture = {
    get editor() {
      if (!editor) throw new Error('the editor is not started yet: use the fixture inside tests or hooks')
      return editor
    },
    get xvfb() {
      return xvfb
    },
    get pristine() {
      if (!pristine) throw new Error('no pristine tree: the fixture was created with pristine: false')
      return pristine
    },
    get examples() {
      if (!examples) throw new Error('no examples: the editor is not started yet (or started with connect: false)')
      return examples
    },
    get commands() {
      if (!commands) throw new Error('no commands: the editor is not started yet (or started with connect: false)')
      return commands
    },
    call: <T = Json>(method: string, params: Json = {}) => fixture.editor.client.call<T>(method, params),
    tree: () => fixture.call('scene.tree'),
    sceneHistory: () => sceneHistory(fixture.editor.client),
    undo: (action: string) => undoOwn(fixture.editor.client, action),
    inEditor: async (code, params = {}) => (await fixture.call('editor.run_script', {...params, code})).result,
    disk: (res) => (isAbsolute(res) ? res : join(fixture.editor.root, res.replace(/^res:\/\//, ''))),
    read: (res) => readFileSync(fixture.disk(res), 'utf8'),
    rpcError: (method, params = {}) => rpcError(fixture.editor.client, method, params),
    failsWith: (method, params, code, ...fragments) =>
      refusedUnchanged(fixture.editor.client, async () => null, method, params, code, ...fragments),
    refused: (method, params, code, ...fragments) => fixture.refusedKeeping({}, method, params, code, ...fragments),
    refusedKeeping: (keeping, method, params, code, ...fragments) =>
      refusedUnchanged(fixture.editor.client, () => state(keeping), method, params, code, ...fragments),
    game: gameControl(() => fixture.editor),
    cli: (args, cliOptions = {}) => runCli(args, {cwd: fixture.editor.root, ...cliOptions}),
    cliJson: async <T = Json>(...args: string[]) => parseJson<T>(await fixture.cli([...args, '--json'])),
    async mcpHttp(name = 'e2e-http', toolsets = 'all') {
      const client = new Client({name, version: '1.0.0'})
      const query = toolsets === 'auto' ? '' : `?toolsets=${toolsets}`
      await client.connect(
        new StreamableHTTPClientTransport(
          new URL(`http://127.0.0.1:${fixture.editor.discovery.http_port}/mcp${query}`),
        ),
      )
      clients.push(client)
      return client
    },
    async mcpServe(serveOptions = {}) {
      const client = new Client({name: serveOptions.name ?? 'e2e-serve', version: '1.0.0'})
      serveOptions.before?.(client)
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [BRIDGE_BIN, 'serve', '--project', fixture.editor.root, '--toolsets', serveOptions.toolsets ?? 'all'],
          env: {...(process.env as Record<string, string>), NO_COLOR: '1', ...CLI_ENV, ...serveOptions.env},
          stderr: 'pipe',
        }),
      )
      clients.push(client)
      return client
    },
  }
  before(async function () {
    this.timeout(Math.max(240_000, (options.startTimeoutMs ?? 0) + 120_000))
    if (options.xvfb === true || (options.xvfb === 'if-available' && xvfbRoot())) xvfb = await startXvfb()
    const prepared = (await options.prepare?.()) ?? {}
    editor = await startEditor({...options, ...prepared, env: {...xvfb?.env, ...options.env, ...prepared.env}})
    if (options.connect !== false) {
      const groups = options.group === undefined ? [undefined] : [options.group].flat()
      commands = []
      for (const group of groups)
        commands.push(...(await fixture.call<{commands: Json[]}>('engine.commands', group ? {group} : {})).commands)
      examples = Object.fromEntries(commands.map((c) => [c.method, c.example]))
    }
    await options.setup?.(fixture)
    if (options.pristine !== false) pristine = await fixture.tree()
  })
  after(async function () {
    this.timeout(60_000)
    for (const client of clients.splice(0)) await client.close().catch(() => {})
    if (editor) await fixture.game.stop()
    await editor?.stop()
    xvfb?.stop()
    await options.teardown?.()
  })
  afterEach(async function () {
    if (pristine && this.currentTest?.state === 'passed')
      expect(await fixture.tree(), 'each test leaves the scene as it found it').to.deep.equal(pristine)
  })
  return fixture
}

export interface EditorPool {
  /** Starts an editor that `after` (or `stopAll`) stops, whatever the test did with it. */
  start(options?: StartOptions): Promise<TestEditor>
  /** Stops every editor this pool started and has not stopped yet. */
  stopAll(): Promise<void>
}

/** For files whose subject is starting editors: each started editor is stopped in `after` (or `afterEach`). */
export function useEditors(options: {each?: boolean} = {}): EditorPool {
  const started = new Set<TestEditor>()
  const pool: EditorPool = {
    async start(startOptions = {}) {
      const editor = await startEditor(startOptions)
      started.add(editor)
      return editor
    },
    async stopAll() {
      for (const editor of started) await editor.stop()
      started.clear()
    },
  }
  const hook = options.each ? afterEach : after
  hook(async function () {
    this.timeout(60_000)
    await pool.stopAll()
  })
  return pool
}

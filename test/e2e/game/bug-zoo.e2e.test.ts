// The debug loop end to end, as an agent runs it over MCP: six kinds of game bug (test/support/bug-zoo.ts),
// each with a regression scenario that is red while the bug is there; the bug surfaced through the MCP tools
// with its file:line where the engine has one (the game's errors, the debugger's stop, scene.play's refusal of
// a script that does not compile); fixed through a bridge command while the debugger holds the script open in
// a Script Editor tab; the fix still on disk after a play, a save, an undo and a redo; and the scenario green.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {BUGS, type Bug, regression, sceneOf, useZooEditor} from '../../support/bug-zoo.js'
import type {Json} from '../../support/json.js'
import {serveParams} from '../../support/serve.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('bug zoo: find, fix and verify six kinds of game bug over MCP (real editor)', function () {
  this.timeout(240_000)
  const fx = useZooEditor()
  let mcp: Client

  before(async () => {
    const params = serveParams(fx, ['--toolsets', 'all'])
    mcp = new Client({name: 'bug-zoo-agent', version: '1.0.0'})
    await mcp.connect(new StdioClientTransport(params))
  })
  after(async () => {
    await mcp?.close().catch(() => {})
  })
  afterEach(() => fx.game.stop())

  /** A tool call as an agent makes it; the result's object (structured, else the JSON text). */
  async function tool(name: string, args: Json = {}): Promise<{ok: boolean; value: Json; text: string}> {
    const result = (await mcp.callTool({name, arguments: args})) as CallToolResult
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')
    let value = (result.structuredContent ?? null) as Json
    if (value === null && !result.isError) value = JSON.parse(text)
    if (value && typeof value.pid === 'number') fx.game.track(value.pid)
    return {ok: result.isError !== true, value, text}
  }

  /** The regression scenario's report; a scenario that could not even start its game is red too. */
  async function scenario(bug: Bug): Promise<Json> {
    const out = await tool('test_run_scenario', regression(bug))
    return out.ok ? out.value : {ok: false, steps: out.text}
  }

  /** What the game reported since `since`, as an agent reads it: the game's own entries of editor_errors. */
  async function gameErrors(since: number): Promise<Json[]> {
    const out = await tool('editor_errors', {source: 'game', since, limit: 100})
    expect(out.ok, out.text).to.equal(true)
    return out.value.entries
  }

  /** The cursor an agent keeps: only what comes after it is new. */
  async function errorCursor(): Promise<number> {
    return (await tool('editor_errors', {source: 'game', limit: 1})).value.next_seq
  }

  const disk = (bug: Bug) => readFileSync(fx.disk(bug.script), 'utf8')

  for (const bug of BUGS) {
    it(`${bug.kind}: red, surfaced${bug.line ? ' with file:line' : ''}, fixed, still fixed after play/save/undo/redo, green`, async () => {
      // 1. the regression scenario is red while the bug is there
      const red = await scenario(bug)
      expect(red.ok, `the scenario passed with the bug in: ${JSON.stringify(red.steps)}`).to.equal(false)

      // 2. surfaced through MCP
      const where = bug.line ? `${bug.script}:${bug.line}` : bug.script
      if (bug.compileError) {
        const play = await tool('scene_play', {scene: sceneOf(bug), display: 'headless'})
        expect(play.ok, 'a scene whose script does not compile played').to.equal(false)
        expect(play.text).to.include(where)
      } else if (bug.silentInGame) {
        const check = await tool('test_scenes_load', {under: 'res://zoo'})
        expect(check.ok, check.text).to.equal(true)
        const failed = (check.value.failed as Json[]).find((f) => f.scene === sceneOf(bug))
        expect(failed, `test_scenes_load passed ${sceneOf(bug)}: ${check.text}`).to.not.equal(undefined)
        expect(JSON.stringify(failed!.connections)).to.match(bug.message!)
      } else {
        const since = await errorCursor()
        const play = await tool('scene_play', {scene: sceneOf(bug), display: 'headless'})
        expect(play.ok, play.text).to.equal(true)
        let found: Json | undefined
        let seen: Json[] = []
        for (let i = 0; i < 40 && !found && bug.message; i++) {
          await sleep(250)
          seen = await gameErrors(since)
          found = seen.find((e) => bug.message!.test(JSON.stringify(e)) && (!bug.line || e.line === bug.line))
        }
        if (bug.message) {
          expect(found, `no game error matching ${bug.message} in editor_errors: ${JSON.stringify(seen)}`).to.not.equal(
            undefined,
          )
          if (bug.line)
            expect(JSON.stringify(found))
              .to.include(bug.script.replace('res://', ''))
              .and.to.match(new RegExp(`\\b${bug.line}\\b`))
        } else {
          await sleep(1000)
          expect(await gameErrors(since), 'a logic bug logs nothing').to.deep.equal([])
        }
        if (bug.breaks) {
          const state = await tool('debug_state', {})
          expect(state.ok, state.text).to.equal(true)
          expect(state.value.paused, state.text).to.equal(true)
          expect(state.value.reason, state.text).to.not.equal('')
          expect(JSON.stringify(state.value.location)).to.include(bug.script).and.to.include(String(bug.line))
        }
      }

      // 3. fixed through bridge while the script is open in a Script Editor tab (the debugger opened it, or as it would)
      await fx.inEditor(`EditorInterface.edit_script(load("${bug.script}"))\nreturn true`)
      const fix = await tool(bug.fix.method.replace('.', '_'), bug.fix.params)
      expect(fix.ok, fix.text).to.equal(true)
      expect(disk(bug)).to.include(bug.fixed)
      await tool('scene_stop', {})

      // 4. still fixed after a play, a save, an undo and a redo
      const again = await tool('scene_play', {scene: sceneOf(bug), display: 'headless'})
      expect(again.ok, again.text).to.equal(true)
      await tool('scene_stop', {})
      expect(disk(bug), 'the play wrote the old text back').to.include(bug.fixed).and.not.include(bug.buggy)
      await tool('scene_save', {})
      expect(disk(bug), 'the save wrote the old text back').to.include(bug.fixed).and.not.include(bug.buggy)
      await tool('editor_undo', {})
      await tool('editor_redo', {})
      expect(disk(bug), 'undo and redo left the old text').to.include(bug.fixed).and.not.include(bug.buggy)

      // 5. the regression scenario is green
      const green = await scenario(bug)
      expect(green.ok, `still red after the fix: ${JSON.stringify(green.steps)}`).to.equal(true)
    })
  }
})

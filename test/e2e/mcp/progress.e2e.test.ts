// Progress and cancellation through `bridge serve` against a real editor under Xvfb: a client that sends a
// progressToken hears notifications/progress while scene.play waits for a windowed game and while runtime.step runs
// 600 ticks (2025 session and 2026-07-28 client alike), and a cancelled step stops early — the game stays paused
// between two whole ticks and the editor keeps serving. A step runs 256 ticks per nominal tick of wall time
// (addon/game/clock.gd SPEEDUP): at the demo's 60 per second 600 ticks take 40 ms, about one report, so the steps
// here lower ticks_per_second to last long enough to report along the way and to be cancelled mid-step.
import {Client as ClientV2} from '@modelcontextprotocol/client'
import {StdioClientTransport as StdioV2} from '@modelcontextprotocol/client/stdio'
import {Client as ClientV1} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport as StdioV1} from '@modelcontextprotocol/sdk/client/stdio.js'
import {CallToolResultSchema, ProgressNotificationSchema} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import {pidAlive} from '../../../src/editor/discovery.js'
import {useEditor} from '../../support/fixture.js'
import {serveParams} from '../../support/serve.js'

type Progress = {progress: number; total?: number; message?: string}
type ToolResult = {isError?: boolean; structuredContent?: Record<string, unknown>; content: {text?: string}[]}

describe('progress and cancellation of calls that wait (bridge serve, real editor under Xvfb)', function () {
  this.timeout(300_000)
  let modern: ClientV2
  let legacy: ClientV1
  /** The game scene_play started (through MCP, so not one of fx.game's): the fixture's after() stops it with scene.stop. */
  let pid = 0
  // defined before the fixture's, so it runs first: the clients close while their editor is still up
  after(async () => {
    await modern?.close().catch(() => {})
    await legacy?.close().catch(() => {})
  })
  // the editor under a private Xvfb, so that scene.play can open the game's window
  const fx = useEditor({
    xvfb: true,
  })
  after(() => {
    // the fixture stopped the editor and its game already; a game it lost track of goes by pid
    if (pid && pidAlive(pid)) process.kill(pid, 'SIGKILL')
  })

  before(async () => {
    modern = new ClientV2({name: 'progress-e2e', version: '1'}, {versionNegotiation: {mode: 'auto'}})
    await modern.connect(new StdioV2(serveParams(fx, ['--toolsets', 'all'])))
    legacy = new ClientV1({name: 'progress-e2e', version: '1'})
    await legacy.connect(new StdioV1(serveParams(fx, ['--toolsets', 'all'])))
  })

  it('scene.play with a window reports progress while the game starts (2025 session)', async () => {
    // The 1.x SDK runs a notification's handler a microtask late but settles the answer at once: when the final
    // notification and the answer come in one read, the call's onprogress is gone by then and the SDK drops it
    // ("unknown token"). So the notifications are recorded as they arrive (still before the awaited answer
    // resumes this test: a notification sent after the answer would be missing below), and onprogress only makes
    // the client send a progressToken.
    const heard: Progress[] = []
    const tokens = new Set<string | number>()
    legacy.setNotificationHandler(ProgressNotificationSchema, ({params: {progressToken, ...p}}) => {
      tokens.add(progressToken)
      heard.push(p)
    })
    const played = (await legacy.callTool(
      {name: 'scene_play', arguments: {scene: 'main', display: 'window'}},
      CallToolResultSchema,
      {onprogress: () => {}, timeout: 120_000},
    )) as ToolResult
    expect(played.isError, played.content[0]?.text).to.not.equal(true)
    pid = played.structuredContent!.pid as number
    expect(played.structuredContent).to.include({playing: true, display_server: 'X11'})
    expect(heard.length, 'progress notifications').to.be.greaterThan(0)
    expect(tokens.size, "all of them for the call's progressToken").to.equal(1)
    // ms waited of wait_ms (20000 by default); serve sends every notification before the answer, so the last
    // one heard is the final "the game's bridge answered"
    for (const p of heard) expect(p.total).to.equal(20_000)
    expect(heard.at(-1)!.progress).to.equal(20_000)
    for (let i = 1; i < heard.length; i++) expect(heard[i].progress).to.be.at.least(heard[i - 1].progress)
  })

  it('a 600-tick runtime.step reports its ticks as progress (2026-07-28 client)', async () => {
    const heard: Progress[] = []
    // 2 ticks a second: 512 stepped ticks per wall second, so the 600 last over a second (reports: ten a second)
    const stepped = (await modern.callTool(
      {name: 'runtime_step', arguments: {frames: 600, ticks_per_second: 2}},
      {onprogress: (p) => heard.push(p), timeout: 120_000},
    )) as ToolResult
    expect(stepped.isError, stepped.content[0]?.text).to.not.equal(true)
    expect(stepped.structuredContent).to.include({ticks: 600, paused: true, physics_ticks_per_second: 2})
    expect(heard.length, 'progress notifications').to.be.greaterThan(1)
    expect(heard.every((p) => p.total === 600)).to.equal(true)
    expect(heard.every((p) => p.progress >= 0 && p.progress <= 600)).to.equal(true)
    expect(heard.at(-1)!.progress, 'heard until late in the step').to.be.greaterThan(300)
    for (let i = 1; i < heard.length; i++) expect(heard[i].progress).to.be.greaterThan(heard[i - 1].progress)
  })

  it('a cancelled runtime.step stops early: the game stays paused between whole ticks, the editor keeps serving', async () => {
    const before = (await modern.callTool({name: 'runtime_step', arguments: {frames: 1}})) as ToolResult
    const startFrame = before.structuredContent!.physics_frames as number
    const abort = new AbortController()
    let firstTick = 0
    // 1 tick a second: 256 stepped ticks per wall second, so the whole 3600 would take 14 s
    const cancelled = modern.callTool(
      {name: 'runtime_step', arguments: {frames: 3600, ticks_per_second: 1}},
      {
        signal: abort.signal,
        timeout: 120_000,
        onprogress: (p) => {
          // cancel once the step is really under way
          if (firstTick === 0 && p.progress > 0) {
            firstTick = p.progress
            abort.abort()
          }
        },
      },
    )
    let failure: unknown
    try {
      await cancelled
    } catch (error) {
      failure = error
    }
    expect(failure, 'the call was cancelled').to.not.equal(undefined)
    expect(firstTick, 'progress arrived before the cancel').to.be.greaterThan(0)
    // the editor has passed the cancel on to the game: the next step starts where the cancelled one stopped
    let after: ToolResult | undefined
    // (longer than the whole step: a cancel that does not stop it shows as 3600 ticks run, below)
    for (const end = Date.now() + 30_000; Date.now() < end;) {
      after = (await modern.callTool({name: 'runtime_step', arguments: {frames: 1}})) as ToolResult
      if (!after.isError) break // "another step is in progress" until the game has stopped the cancelled one
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(after?.isError, after?.content[0]?.text).to.not.equal(true)
    const ran = (after!.structuredContent!.from_physics_frame as number) - startFrame
    expect(ran, 'ticks the cancelled step ran').to.be.greaterThan(0).and.lessThan(3600)
    expect(after!.structuredContent).to.include({paused: true})
    const tree = (await modern.callTool({name: 'scene_tree', arguments: {}})) as ToolResult
    expect(tree.isError).to.not.equal(true)
  })
})

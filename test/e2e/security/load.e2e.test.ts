// Many clients of all three kinds at once against one editor: CLI processes (one-shot commands), `bridge
// serve` sessions (MCP over stdio) and HTTP MCP sessions, each issuing mixed reads and undoable writes.
// Every reply must reach its caller correctly correlated, and the scene must end exactly in the state the
// writes imply: each client's nodes all present once, and the undo history holding each write once.
// Needs the built CLI (npm test builds it first).
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {expect} from 'chai'

import {BRIDGE_BIN, runCli} from '../../support/cli.js'
import {type Json, useEditor} from '../../support/fixture.js'

const CALLS_PER_SESSION = Number(process.env.BRIDGE_LOAD_CALLS ?? 300)
const CLI_CALLS = Number(process.env.BRIDGE_LOAD_CLI_CALLS ?? 6)

interface Tally {
  client: string
  calls: number
  writes: string[]
  errors: string[]
  slowestMs: number
}

/** Text of a tool result, parsed (the tools answer JSON text). */
function resultJson(result: unknown): Json {
  const r = result as {isError?: boolean; content: {type: string; text: string}[]; structuredContent?: Json}
  if (r.isError) throw new Error(r.content.map((c) => c.text).join('\n'))
  return r.structuredContent ?? JSON.parse(r.content[0].text)
}

describe('load: CLI processes, serve sessions and HTTP sessions at once (real editor)', function () {
  this.timeout(1_800_000)
  const fx = useEditor({pristine: false})

  it('answers every call correctly correlated and ends with exactly the writes the clients made', async () => {
    const {editor, call} = fx
    await call('node.add', {type: 'Node2D', name: 'Load'})
    const historyBefore = (await fx.sceneHistory()).count

    /** One MCP session (stdio serve or HTTP): alternating reads and writes, each write a uniquely named node. */
    async function mcpSession(name: string, client: Client): Promise<Tally> {
      const tally: Tally = {client: name, calls: 0, writes: [], errors: [], slowestMs: 0}
      const run = async (method: string, params: Json): Promise<Json> => {
        const started = Date.now()
        const out = resultJson(await client.callTool({name: 'engine_run', arguments: {method, params}}))
        tally.slowestMs = Math.max(tally.slowestMs, Date.now() - started)
        tally.calls++
        return out
      }
      for (let i = 0; i < CALLS_PER_SESSION; i++) {
        try {
          if (i % 3 === 0) {
            const nodeName = `${name}_${i}`
            const added = await run('node.add', {
              type: 'Node2D',
              parent: 'Load',
              name: nodeName,
              properties: {position: [i, 0]},
            })
            expect(added.path, 'the reply is this call’s own').to.equal(`/root/Main/Load/${nodeName}`)
            tally.writes.push(nodeName)
          } else if (i % 3 === 1) {
            const info = await run('node.info', {node_path: 'Player'})
            expect(info.path).to.equal('/root/Main/Player')
          } else {
            const version = await run('engine.version', {})
            expect(version.major).to.equal(4)
          }
        } catch (error) {
          tally.errors.push(`${name} #${i}: ${(error as Error).message}`)
        }
      }
      await client.close()
      return tally
    }

    async function serveSession(name: string): Promise<Tally> {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BRIDGE_BIN, 'serve', '--project', editor.root, '--toolsets', 'none'],
        stderr: 'ignore',
      })
      const client = new Client({name, version: '1.0.0'})
      await client.connect(transport)
      return mcpSession(name, client)
    }

    async function httpSession(name: string): Promise<Tally> {
      const url = new URL(
        `http://127.0.0.1:${editor.discovery.http_port}/mcp?project=${encodeURIComponent(editor.root)}`,
      )
      const client = new Client({name, version: '1.0.0'})
      await client.connect(new StreamableHTTPClientTransport(url))
      return mcpSession(name, client)
    }

    async function cliClient(name: string): Promise<Tally> {
      const tally: Tally = {client: name, calls: 0, writes: [], errors: [], slowestMs: 0}
      for (let i = 0; i < CLI_CALLS; i++) {
        const nodeName = `${name}_${i}`
        const started = Date.now()
        const out = await runCli(
          ['node', 'add', '--type', 'Node2D', '--parent', 'Load', '--name', nodeName, '--json'],
          {
            cwd: editor.root,
            timeoutMs: 120_000,
          },
        )
        tally.slowestMs = Math.max(tally.slowestMs, Date.now() - started)
        tally.calls++
        if (out.code === 0 && JSON.parse(out.stdout).path === `/root/Main/Load/${nodeName}`) tally.writes.push(nodeName)
        else tally.errors.push(`${name} #${i}: exit ${out.code} ${out.stdout} ${out.stderr}`)
      }
      return tally
    }

    const started = Date.now()
    const tallies = await Promise.all([
      serveSession('serve1'),
      serveSession('serve2'),
      serveSession('serve3'),
      httpSession('http1'),
      httpSession('http2'),
      httpSession('http3'),
      cliClient('cli1'),
      cliClient('cli2'),
    ])
    const seconds = (Date.now() - started) / 1000
    const calls = tallies.reduce((n, t) => n + t.calls, 0)
    const writes = tallies.flatMap((t) => t.writes)
    const errors = tallies.flatMap((t) => t.errors)
    const slowest = Math.max(...tallies.map((t) => t.slowestMs))
    console.log(
      `      load: ${tallies.length} clients (3 serve, 3 HTTP, 2 CLI), ${calls} calls (${writes.length} writes) in ${seconds.toFixed(1)} s, ${errors.length} errors, slowest reply ${slowest} ms`,
    )
    expect(errors).to.deep.equal([])

    const load = await call('scene.tree', {node_path: 'Load'})
    const names = (load.children as Json[]).map((c) => c.name)
    expect(names.slice().sort(), 'every write present exactly once').to.deep.equal(writes.slice().sort())
    expect((await fx.sceneHistory()).count - historyBefore, 'each write is one undo step').to.equal(writes.length)
  })
})

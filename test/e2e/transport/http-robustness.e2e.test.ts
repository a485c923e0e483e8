// The addon's HTTP server under hostile and clumsy clients, over raw sockets: keep-alive, pipelining (in
// order, dispatched concurrently), the 400/408/411/413/431/505 refusals, and the guarantee that slow,
// stalled, half-open or vanished clients never hold up the editor or other clients, while a command
// that runs longer than every timeout keeps its connection. A project-local `slow.wait` command (a
// fixture) gives a long-running command.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {expect} from 'chai'
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {type Socket, connect} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {DEMO_PROJECT} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

const SLOW_COMMANDS = `@tool
extends "res://addons/bridge/core/command_group.gd"
## Test fixture: a command that takes as long as it is told to.


func commands() -> Array:
	return [{
		"method": "slow.wait",
		"summary": "Wait ms milliseconds, then answer.",
		"params": [req("ms", "int", "How long to wait", {"min": 0})],
		"example": {"ms": 1},
		"read_only": true,
		"handler": _wait,
	}]


func _wait(c: BridgeCall) -> Variant:
	# Wall-clock frames, not a SceneTreeTimer: a timer counts the editor's (smoothed) frame deltas, which
	# drifted ~9 % short of the clock on a loaded machine (1.5 s answered after 1 372 ms).
	var start := Time.get_ticks_msec()
	while Time.get_ticks_msec() - start < int(c.params.ms):
		await server.get_tree().process_frame
	return {"waited_ms": Time.get_ticks_msec() - start, "started": start, "ended": Time.get_ticks_msec()}
`

interface HttpAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** A raw HTTP/1.1 client connection: write any bytes, read responses one by one. */
class Raw {
  isClosed = false
  closedAt = 0
  readonly closed: Promise<void>
  private buf = Buffer.alloc(0)
  private wake?: () => void

  private constructor(readonly socket: Socket) {
    socket.on('data', (data) => {
      this.buf = Buffer.concat([this.buf, data])
      this.wake?.()
    })
    socket.on('error', () => {})
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true
        this.closedAt = Date.now()
        this.wake?.()
        resolve()
      }),
    )
  }

  static open(port: number, allowHalfOpen = false): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const socket = connect({host: '127.0.0.1', port, allowHalfOpen})
      socket.once('connect', () => resolve(new Raw(socket)))
      socket.once('error', reject)
    })
  }

  send(data: string | Buffer): void {
    this.socket.write(data)
  }

  /** The next complete response (100 Continue included), or an error naming what arrived instead. */
  async next(timeoutMs = 15_000, headOnly = false): Promise<HttpAnswer> {
    const end = Date.now() + timeoutMs
    for (;;) {
      const parsed = this.parse(headOnly)
      if (parsed) return parsed
      if (this.isClosed)
        throw new Error(`closed before a whole response; got ${JSON.stringify(this.buf.toString('latin1'))}`)
      if (Date.now() > end)
        throw new Error(`no response within ${timeoutMs} ms; got ${JSON.stringify(this.buf.toString('latin1'))}`)
      await new Promise<void>((resolve) => {
        this.wake = resolve
        setTimeout(resolve, 50)
      })
    }
  }

  /** Resolves true when the server closes the connection within ms. */
  closesWithin(ms: number): Promise<boolean> {
    return Promise.race([this.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))])
  }

  destroy(): void {
    this.socket.destroy()
  }

  /** headOnly: the answer to a HEAD request, whose Content-Length announces a body that is not sent. */
  private parse(headOnly: boolean): HttpAnswer | undefined {
    const headEnd = this.buf.indexOf('\r\n\r\n')
    if (headEnd < 0) return undefined
    const lines = this.buf.subarray(0, headEnd).toString('latin1').split('\r\n')
    const status = Number(lines[0].split(' ')[1])
    const headers: Record<string, string> = {}
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
    }
    const length = headOnly ? 0 : Number(headers['content-length'] ?? 0)
    if (this.buf.length < headEnd + 4 + length) return undefined
    const body = this.buf.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')
    this.buf = this.buf.subarray(headEnd + 4 + length)
    return {status, headers, body}
  }
}

/** A well-formed POST /mcp carrying one JSON-RPC message. */
function post(message: unknown, extra = ''): string {
  const body = typeof message === 'string' ? message : JSON.stringify(message)
  return (
    'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
    `${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

function call(id: number, method: string, params: Record<string, unknown> = {}): string {
  return post({jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'engine_run', arguments: {method, params}}})
}

function ping(id: number): string {
  return post({jsonrpc: '2.0', id, method: 'ping'})
}

function resultOf(answer: HttpAnswer): {id: number; value: Record<string, unknown>} {
  const reply = JSON.parse(answer.body)
  const text = reply.result?.content?.[0]?.text
  return {id: reply.id, value: text === undefined ? reply.result : JSON.parse(text)}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('HTTP server robustness (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      fixture = mkdtempSync(join(tmpdir(), 'bridge-http-fixture-'))
      cpSync(DEMO_PROJECT, fixture, {recursive: true, filter: (src) => !/[/\\](\.godot|\.engine)$/.test(src)})
      mkdirSync(join(fixture, 'bridge_commands'))
      writeFileSync(join(fixture, 'bridge_commands', 'slow_commands.gd'), SLOW_COMMANDS)
      return {fixture}
    },
  })
  let fixture: string
  let port: number
  const open: Raw[] = []

  async function raw(allowHalfOpen = false): Promise<Raw> {
    const conn = await Raw.open(port, allowHalfOpen)
    open.push(conn)
    return conn
  }

  /** Sends bytes on a fresh connection and expects one refusal that closes the connection. */
  async function refused(bytes: string | Buffer): Promise<HttpAnswer> {
    const conn = await raw()
    conn.send(bytes)
    const answer = await conn.next()
    expect(answer.headers.connection, JSON.stringify(String(bytes).slice(0, 80))).to.equal('close')
    expect(await conn.closesWithin(2000), 'the server closes the connection').to.equal(true)
    return answer
  }

  before(async () => {
    port = fx.editor.discovery.http_port
  })
  afterEach(() => {
    for (const conn of open.splice(0)) conn.destroy()
  })
  after(async () => {
    rmSync(fixture, {recursive: true, force: true})
  })

  it('keeps a connection alive across requests', async () => {
    const conn = await raw()
    for (let id = 1; id <= 5; id++) {
      conn.send(ping(id))
      const answer = await conn.next()
      expect(answer.status).to.equal(200)
      expect(answer.headers.connection).to.equal('keep-alive')
      expect(JSON.parse(answer.body).id).to.equal(id)
    }
    expect(conn.isClosed).to.equal(false)
  })

  it('answers pipelined requests in order while running them concurrently', async () => {
    const conn = await raw()
    conn.send(call(1, 'slow.wait', {ms: 1500}) + call(2, 'slow.wait', {ms: 1500}) + ping(3) + call(4, 'engine.version'))
    const answers = [await conn.next(), await conn.next(), await conn.next(), await conn.next()]
    expect(answers.map((a) => resultOf(a).id)).to.deep.equal([1, 2, 3, 4])
    const [first, second] = [resultOf(answers[0]).value, resultOf(answers[1]).value]
    expect(first.waited_ms).to.be.at.least(1400)
    expect(resultOf(answers[3]).value.major).to.equal(4)
    // on the editor's own clock: the second began before the first ended, so they overlapped rather than queued
    expect(second.started, 'two 1.5 s commands overlapped rather than queued').to.be.lessThan(first.ended as number)
  })

  it('serves other clients while one connection waits on a long command', async () => {
    const busy = await raw()
    busy.send(call(1, 'slow.wait', {ms: 2000}))
    await sleep(100)
    const other = await raw()
    let busyAnswered = false
    const busyAnswer = busy.next().then((answer) => ((busyAnswered = true), answer))
    other.send(ping(9))
    expect((await other.next()).status).to.equal(200)
    expect(busyAnswered, 'the other client was answered while the long command still ran').to.equal(false)
    expect(resultOf(await busyAnswer).value.waited_ms).to.be.at.least(1900)
  })

  it('answers a client that half-closes right after sending its request', async () => {
    const conn = await raw(true)
    conn.socket.end(ping(4))
    const answer = await conn.next()
    expect(answer.status).to.equal(200)
    expect(JSON.parse(answer.body).id).to.equal(4)
  })

  it('answers HEAD without a body, so the next response on the connection stays in step', async () => {
    const conn = await raw()
    conn.send('HEAD /mcp HTTP/1.1\r\nHost: localhost\r\n\r\n' + ping(2))
    const head = await conn.next(15_000, true)
    expect(head.status).to.equal(405)
    expect(Number(head.headers['content-length'])).to.be.greaterThan(0)
    const after = await conn.next()
    expect(after.status).to.equal(200)
    expect(JSON.parse(after.body).id).to.equal(2)
  })

  it('honours Connection: close and HTTP/1.0 without keep-alive', async () => {
    const closing = await raw()
    closing.send(post({jsonrpc: '2.0', id: 1, method: 'ping'}, 'Connection: close\r\n'))
    expect((await closing.next()).headers.connection).to.equal('close')
    expect(await closing.closesWithin(2000)).to.equal(true)
    const old = await raw()
    const body = JSON.stringify({jsonrpc: '2.0', id: 2, method: 'ping'})
    old.send(`POST /mcp HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`)
    expect((await old.next()).status).to.equal(200)
    expect(await old.closesWithin(2000)).to.equal(true)
  })

  it('sends 100 Continue to a client that expects it, then the answer', async () => {
    const conn = await raw()
    const body = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'})
    conn.send(
      `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    expect((await conn.next()).status).to.equal(100)
    conn.send(body)
    expect((await conn.next()).status).to.equal(200)
  })

  it('requires Content-Length on POST (411), chunked bodies included', async () => {
    const body = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'})
    expect(
      (await refused(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n${body}`)).status,
    ).to.equal(411)
    const chunked = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
    expect((await refused(chunked)).status).to.equal(411)
  })

  it('refuses a body over 16 MiB with 413 before reading it, and accepts a large one under the limit', async () => {
    const answer = await refused(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 16777217\r\n\r\n',
    )
    expect(answer.status).to.equal(413)
    const conn = await raw()
    const start = Date.now()
    conn.send(post({jsonrpc: '2.0', id: 1, method: 'ping', params: {_meta: {pad: 'x'.repeat(4 * 1024 * 1024)}}}))
    expect((await conn.next()).status).to.equal(200)
    console.log(`      (4 MiB POST answered in ${Date.now() - start} ms)`)
  })

  it('refuses an oversized head with 431', async () => {
    expect((await refused(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}`)).status).to.equal(
      431,
    )
    expect(
      (await refused(`GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`)).status,
    ).to.equal(431)
    const many = Array.from({length: 120}, (_, i) => `X-H${i}: v\r\n`).join('')
    expect((await refused(`GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n${many}\r\n`)).status).to.equal(431)
  })

  it('refuses malformed request lines and heads with 400 (505 for another HTTP version)', async () => {
    const cases: [string | Buffer, number][] = [
      ['GARBAGE\r\n\r\n', 400],
      ['GET /mcp\r\n\r\n', 400],
      ['GET  /mcp HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['GET mcp HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['GET http://evil.example/mcp HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['G(T /mcp HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['GET /mcp HTTP/1.1 extra\r\nHost: localhost\r\n\r\n', 400],
      ['GET /mcp HTTQ/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['GET /mcp HTTP/2.0\r\nHost: localhost\r\n\r\n', 505],
      ['GET /mcp HTTP/1.1\r\n\r\n', 400],
      ['GET /mcp HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n', 400],
      ['GET /mcp HTTP/1.1\r\nHost: localhost\r\n folded: header\r\n\r\n', 400],
      ['GET /mcp HTTP/1.1\r\nHost: localhost\r\nBad Name: x\r\n\r\n', 400],
      ['GET /mcp HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n', 400],
      ['POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: ten\r\n\r\n', 400],
      ['POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n', 400],
      ['POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n', 400],
      ['POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n', 400],
      ['GET /mcp HTTP/1.1\r\nHost: localhost\r\nX-Bin: \u00ff\u00fe\r\n\r\n', 400],
      [
        Buffer.concat([Buffer.from('GET /mcp HTTP/1.1\r\nHost: local'), Buffer.from([0]), Buffer.from('host\r\n\r\n')]),
        400,
      ],
      [
        Buffer.concat([
          Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
          Buffer.from('\r\n\r\n'),
        ]),
        400,
      ],
      ['GET /mcp HTTP/1.1\r\nHost: localhost\r\nExpect: something-else\r\n\r\n', 417],
    ]
    for (const [bytes, status] of cases) {
      const answer = await refused(bytes)
      expect(answer.status, JSON.stringify(String(bytes))).to.equal(status)
      expect(JSON.parse(answer.body).error.code).to.equal(-32600)
    }
  })

  it('answers what was pipelined before a malformed request, then refuses it and closes', async () => {
    const conn = await raw()
    conn.send(ping(1) + 'NONSENSE\r\n\r\n' + ping(2))
    expect(JSON.parse((await conn.next()).body).id).to.equal(1)
    expect((await conn.next()).status).to.equal(400)
    expect(await conn.closesWithin(2000)).to.equal(true)
  })

  it('makes room for new clients past 64 open connections by closing idle ones', async () => {
    const idle: Raw[] = []
    for (let i = 0; i < 70; i++) idle.push(await raw())
    await sleep(300)
    const fresh = await raw()
    fresh.send(ping(1))
    expect((await fresh.next()).status).to.equal(200)
    expect(idle.filter((c) => c.isClosed).length).to.be.at.least(6)
  })

  it('drops a client that vanishes mid-command without disturbing the editor', async () => {
    const conn = await raw()
    conn.send(call(1, 'slow.wait', {ms: 800}))
    await sleep(100)
    conn.destroy()
    await sleep(1200)
    const next = await raw()
    next.send(ping(2))
    expect((await next.next()).status).to.equal(200)
    expect(fx.editor.log()).to.not.match(/SCRIPT ERROR|Resumed function|instance is gone/)
  })

  it('times out stalled, slow and half-open clients (408 / close) without slowing anyone, and never reaps a long command', async function () {
    this.timeout(60_000)
    const start = Date.now()
    const long = await raw()
    long.send(call(1, 'slow.wait', {ms: 24_000})) // longer than the 10 s request and 20 s idle timeouts
    const truncatedBody = await raw()
    truncatedBody.send(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc":',
    )
    const truncatedHead = await raw()
    truncatedHead.send('POST /mcp HTTP/1.1\r\nHost: 127.')
    const slowloris = await raw()
    slowloris.send('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const drip = setInterval(() => slowloris.isClosed || slowloris.send('X-Drip: 1\r\n'), 1000)
    const silent = [await raw(), await raw(), await raw()]
    const deep = await raw() // more pipelined requests than are parsed ahead, behind a command past the 10 s timeout
    deep.send(call(100, 'slow.wait', {ms: 12_000}) + Array.from({length: 20}, (_, i) => ping(101 + i)).join(''))

    const sdk = new Client({name: 'robustness', version: '1'})
    await sdk.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)))
    const latencies: number[] = []
    const pinging = (async () => {
      while (Date.now() - start < 23_000) {
        const t = Date.now()
        await sdk.ping()
        latencies.push(Date.now() - t)
        await sleep(250)
      }
    })()
    try {
      const [body408, head408, loris408] = await Promise.all([
        truncatedBody.next(20_000),
        truncatedHead.next(20_000),
        slowloris.next(20_000),
      ])
      for (const answer of [body408, head408, loris408]) expect(answer.status).to.equal(408)
      const at408 = Date.now() - start
      const pingsBefore408 = latencies.length
      expect(at408, 'not before the 10 s request timeout').to.be.at.least(9_000)
      for (const conn of [truncatedBody, truncatedHead, slowloris]) expect(await conn.closesWithin(2000)).to.equal(true)

      const deepIds: number[] = []
      for (let i = 0; i < 21; i++) deepIds.push(resultOf(await deep.next(10_000)).id)
      expect(deepIds).to.deep.equal(Array.from({length: 21}, (_, i) => 100 + i))

      for (const conn of silent) expect(await conn.closesWithin(15_000), 'an idle connection is closed').to.equal(true)
      for (const conn of silent)
        expect(conn.closedAt - start, 'not before the 20 s idle timeout').to.be.at.least(19_000)
      expect(long.isClosed, 'the connection running a long command stays open').to.equal(false)

      const answer = await long.next(10_000)
      expect(resultOf(answer).value.waited_ms).to.be.at.least(23_500)
      long.send(ping(2))
      expect(JSON.parse((await long.next()).body).id).to.equal(2)

      await pinging
      latencies.sort((a, b) => a - b)
      console.log(
        `      (${latencies.length} SDK pings meanwhile: median ${latencies[latencies.length >> 1]} ms, max ${latencies.at(-1)} ms; 408 after ${at408} ms)`,
      )
      // answered all along: pings kept coming back before the 408s, while the long command ran and after
      expect(latencies.length).to.be.at.least(10)
      expect(pingsBefore408, 'pings answered while the stalled requests were held').to.be.at.least(3)
    } finally {
      clearInterval(drip)
      await sdk.close().catch(() => {})
    }
  })

  it('logged no script or engine error for any of it', () => {
    const problems = fx.editor
      .log()
      .split('\n')
      .filter((line) => /SCRIPT ERROR|^ERROR|Unicode parsing error/.test(line))
    expect(problems).to.deep.equal([])
  })
})

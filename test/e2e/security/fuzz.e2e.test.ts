// Property-based fuzzing of both transports against a live editor: garbage bytes, broken WebSocket
// frames and HTTP heads, invalid JSON, wrong JSON-RPC shapes, wrongly typed parameters for every real
// command (generated from the commands' own JSON Schemas), deep nesting, huge strings, unknown methods
// and clients that vanish mid-call. After every batch the editor still answers a real command, the scene
// is exactly as before (nothing here is a valid write) and the log holds no script error from the addon.
// CI runs a bounded budget; `npm run fuzz` sets BRIDGE_FUZZ_RUNS high (>= 100,000 messages per transport).
import {expect} from 'chai'
import fc from 'fast-check'
import {type Socket, connect} from 'node:net'
import WebSocket from 'ws'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {type Json, useEditor} from '../../support/fixture.js'

const RUNS = Number(process.env.BRIDGE_FUZZ_RUNS ?? 400)
const counts = {ws: 0, http: 0, raw: 0}

/** Resolves once the socket is closed by either side, or after ms. */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({host: '127.0.0.1', port})
    socket.on('error', () => {})
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

async function sendRaw(port: number, bytes: Uint8Array | string, lingerMs = 20): Promise<void> {
  const socket = await openSocket(port)
  socket.write(bytes)
  await new Promise((r) => setTimeout(r, lingerMs))
  socket.destroy()
  counts.raw++
}

/**
 * One WebSocket client. Garbage may get no reply (a notification, an all-notification batch), so replies
 * are matched by id: `garble()` sends any text and then a sentinel request, and returns every reply that
 * arrived before the sentinel's, which also proves the connection still works.
 */
class WsClient {
  private loose: Json[] = []
  private byId = new Map<string, (v: Json) => void>()
  private seq = 0
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data))
      if (!Array.isArray(msg) && msg.method) return // notifications (hello, commands_changed)
      // Only our own string ids are matched; anything else is kept for the property to judge.
      const waiter = !Array.isArray(msg) && typeof msg.id === 'string' && this.byId.get(msg.id)
      if (waiter) {
        this.byId.delete(msg.id)
        waiter(msg)
      } else this.loose.push(msg)
    })
  }

  static open(port: number): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}`)
      ws.once('open', () => resolve(new WsClient(ws)))
      ws.once('error', reject)
    })
  }

  /** A real request; resolves with its reply. */
  request(method: unknown, params?: unknown): Promise<Json> {
    const id = `fuzz-${++this.seq}`
    counts.ws++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no reply to ${String(method)} ${JSON.stringify(params)?.slice(0, 200)}`)),
        60_000,
      )
      this.byId.set(id, (v) => {
        clearTimeout(timer)
        resolve(v)
      })
      this.ws.send(JSON.stringify({jsonrpc: '2.0', id, method, params}))
    })
  }

  /** Sends any text, then a sentinel; returns the replies that came in between. */
  async garble(text: string): Promise<Json[]> {
    counts.ws++
    this.ws.send(text)
    const sentinel = await this.request('engine.version')
    expect(sentinel.result?.major, `the connection still works after ${text.slice(0, 200)}`).to.equal(4)
    const got = this.loose
    this.loose = []
    return got
  }

  close(): void {
    this.ws.close()
  }
}

async function httpPost(port: number, body: string): Promise<{status: number; json?: Json}> {
  counts.http++
  const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
    body,
  })
  const text = await res.text()
  let json: Json | undefined
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return {status: res.status, json}
}

/** A value that no parameter of this JSON Schema type accepts (the router must refuse it with -32602). */
function wrongValue(schema: Json): fc.Arbitrary<unknown> {
  const junkObject = fc.dictionary(fc.string({minLength: 1, maxLength: 8}), fc.string(), {minKeys: 1, maxKeys: 3})
  const type = schema.enum ? 'enum' : schema.type
  switch (type) {
    case 'string':
    case 'enum':
    case 'integer':
    case 'number':
    case 'boolean': {
      return junkObject
    }
    case 'array': {
      return fc.oneof(fc.boolean(), junkObject)
    }
    case 'object': {
      return fc.oneof(fc.boolean(), fc.array(fc.boolean(), {minLength: 1, maxLength: 3}))
    }
    default: {
      return fc.constant(undefined)
    }
  }
}

const deep = (depth: number): unknown => (depth === 0 ? 1 : [deep(depth - 1)])

describe('fuzzing both transports (real editor)', function () {
  this.timeout(1_800_000)
  let commands: CommandDoc[]
  let wsPort: number
  let httpPort: number
  let client: WsClient
  const fx = useEditor({
    async setup({call, editor}) {
      commands = (await call<{commands: CommandDoc[]}>('engine.commands')).commands
      wsPort = editor.discovery.ws_port
      httpPort = editor.discovery.http_port
    },
  })

  before(async () => {
    client = await WsClient.open(wsPort)
  })
  after(() => {
    client?.close()
    console.log(
      `      fuzz: ${counts.ws} WebSocket messages, ${counts.http} HTTP requests, ${counts.raw} raw connections (BRIDGE_FUZZ_RUNS=${RUNS})`,
    )
  })
  afterEach(async () => {
    expect((await fx.call('engine.version')).major, 'the editor still answers a real command').to.equal(4)
  })

  it('WebSocket and HTTP ports: raw bytes and broken HTTP heads are refused or dropped', async () => {
    const head = fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'PUT', 'G\u0000T', ''),
        fc.constantFrom('/', '/mcp', '/../../etc', '*', ''),
        fc.constantFrom('HTTP/1.1', 'HTTP/9.9', 'HTTP/1.1\r\nHost', ''),
        fc.array(fc.string({maxLength: 40}), {maxLength: 6}),
      )
      .map(([m, p, v, lines]) => `${m} ${p} ${v}\r\n${lines.join('\r\n')}\r\n\r\n`)
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({maxLength: 512}), head), fc.boolean(), async (bytes, toWs) => {
        await sendRaw(toWs ? wsPort : httpPort, bytes, 5)
      }),
      {numRuns: Math.max(50, Math.floor(RUNS / 4))},
    )
  })

  it('WebSocket: broken frames after a valid upgrade close that connection only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({minLength: 1, maxLength: 256}), async (bytes) => {
        const ws = new WebSocket(`ws://127.0.0.1:${wsPort}`)
        await new Promise((resolve, reject) => {
          ws.once('open', resolve)
          ws.once('error', reject)
        })
        // write under the ws library: raw bytes that are not a valid (masked) client frame
        ;(ws as unknown as {_socket: Socket})._socket.write(bytes)
        await new Promise((r) => setTimeout(r, 5))
        ws.terminate()
        counts.raw++
      }),
      {numRuns: Math.max(30, Math.floor(RUNS / 10))},
    )
  })

  it('WebSocket: invalid JSON and wrong JSON-RPC shapes get JSON-RPC errors, never a crash', async () => {
    const shapes = fc.oneof(
      fc.string({maxLength: 200}).filter((s) => {
        try {
          JSON.parse(s)
          return false
        } catch {
          return true
        }
      }),
      fc.jsonValue({maxDepth: 3}).map((v) => JSON.stringify(v)),
      fc
        .record({
          jsonrpc: fc.constantFrom('2.0', '1.0', 2),
          id: fc.oneof(fc.integer(), fc.string(), fc.object()),
          method: fc.anything(),
        })
        .map((v) => JSON.stringify(v)),
    )
    await fc.assert(
      fc.asyncProperty(shapes, async (text) => {
        for (const reply of await client.garble(text)) {
          for (const r of Array.isArray(reply) ? reply : [reply]) {
            expect(r.jsonrpc, text).to.equal('2.0')
            expect(r.error ?? r.result, text).to.exist
            // JSON-RPC ids are a string, a number or null: an object id is never echoed back.
            expect(r.id === null || ['string', 'number'].includes(typeof r.id), text).to.equal(true)
          }
        }
      }),
      // An object id (CI once drew {"toString": ""}) must come back as null, not echoed.
      {
        numRuns: RUNS,
        examples: [
          ['{"jsonrpc":"2.0","id":{"toString":""},"method":"engine.version"}'],
          ['{"jsonrpc":"2.0","id":[1],"method":{}}'],
        ],
      },
    )
  })

  it('WebSocket: a wrongly typed parameter is refused with -32602 for every real command (from its schema)', async () => {
    const cases = commands.flatMap((c) =>
      Object.entries((c.input_schema.properties ?? {}) as Record<string, Json>)
        .filter(([_name, schema]) => schema.type || schema.enum)
        .filter(([name]) => !c.params.find((p) => p.name === name)?.writes_path)
        .map(([name, schema]) => ({method: c.method, name, schema, example: c.example})),
    )
    expect(cases.length).to.be.greaterThan(100)
    const arb = fc.constantFrom(...cases).chain((k) => wrongValue(k.schema).map((value) => ({...k, value})))
    await fc.assert(
      fc.asyncProperty(arb, async ({method, name, example, value}) => {
        const params = {...example, [name]: value}
        const reply = await client.request(method, params)
        expect(reply.error?.code, `${method} ${name}=${JSON.stringify(value)} → ${JSON.stringify(reply)}`).to.equal(
          -32602,
        )
      }),
      {numRuns: RUNS * 2},
    )
  })

  it('WebSocket: deep nesting, huge strings and unknown methods are refused with an error', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024)
    for (const params of [{node_path: big}, deep(500), {a: deep(200)}])
      expect((await client.request('node.info', params)).error).to.exist
    await fc.assert(
      fc.asyncProperty(fc.string({minLength: 1, maxLength: 60}), async (method) => {
        if (commands.some((c) => c.method === method)) return
        const reply = await client.request(method, {})
        expect(reply.error?.code, method).to.be.oneOf([-32601, -32600])
      }),
      {numRuns: RUNS},
    )
  })

  it('WebSocket: clients that vanish mid-call leave the editor serving everyone else', async () => {
    for (let i = 0; i < Math.max(20, RUNS / 20); i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${wsPort}`)
      await new Promise((resolve) => ws.once('open', resolve))
      ws.send(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'engine.search', params: {query: 'node'}}))
      ws.terminate()
      counts.ws++
    }
    expect((await client.request('scene.current')).result).to.exist
  })

  it('HTTP: invalid bodies, wrong shapes and wrongly typed tool arguments are answered, never a crash', async () => {
    const bodies = fc.oneof(
      fc.string({maxLength: 200}),
      fc.jsonValue({maxDepth: 3}).map((v) => JSON.stringify(v)),
      fc
        .record({
          jsonrpc: fc.constant('2.0'),
          id: fc.integer(),
          method: fc.constantFrom('tools/call', 'tools/list', 'x'),
          params: fc.jsonValue({maxDepth: 2}),
        })
        .map((v) => JSON.stringify(v)),
    )
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const {status} = await httpPost(httpPort, body)
        expect(status, body).to.be.oneOf([200, 202, 204, 400, 404, 406, 413, 415])
      }),
      {numRuns: RUNS},
    )
    const typed = commands.filter((c) => c.params.length > 0)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...typed), fc.integer(), async (c, id) => {
        const p = c.params[0]
        const schema = (c.input_schema.properties as Record<string, Json>)[p.name]
        if (!schema?.type || p.writes_path) return
        const value = fc.sample(wrongValue(schema), 1)[0]
        const body = {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {name: 'engine_run', arguments: {method: c.method, params: {...c.example, [p.name]: value}}},
        }
        const {status, json} = await httpPost(httpPort, JSON.stringify(body))
        expect(status).to.equal(200)
        expect(json?.result?.isError, `${c.method} ${p.name}=${JSON.stringify(value)}`).to.equal(true)
      }),
      {numRuns: RUNS},
    )
  })

  it('logged no script error from the addon through all of the above', () => {
    const lines = fx.editor.log().split('\n')
    const fromAddon = lines.flatMap((line, i) =>
      /SCRIPT ERROR/.test(line) && /addons\/bridge/.test(lines[i + 1] ?? '') ? [line + ' ' + lines[i + 1]] : [],
    )
    expect(fromAddon).to.deep.equal([])
  })
})

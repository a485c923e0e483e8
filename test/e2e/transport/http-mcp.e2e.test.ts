// The addon's own streamable-HTTP MCP endpoint, driven by the MCP SDK's Client with no external process:
// the same tools, resources and prompts as `bridge serve`, the protocol rules of a POST-only JSON server,
// the Origin and Host rules (a table of loopback forms and lookalikes), the port fallback past a taken 9100,
// and the two settings (http_typed=false lists only engine_run, mcp_http=false leaves no listener).
// The main editor's project has one project-local command (a fixture) that returns an image.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {request} from 'node:http'
import {type Server, createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {discoveryPath} from '../../../src/editor/discovery.js'
import {getPrompt, listPrompts, loadPrompts} from '../../../src/mcp/prompts.js'
import {listResources} from '../../../src/mcp/resources.js'
import {successResult} from '../../../src/mcp/results.js'
import {expectedResult} from '../../support/result-text.js'
import {earlyTools} from '../../../src/mcp/early-tools.js'
import {ENGINE_RUN, toolName} from '../../../src/mcp/tools.js'
import {TOOLSETS_TOOL, readsOf} from '../../../src/mcp/toolsets.js'
import {DEMO_PROJECT, freePort, REPO_ROOT} from '../../support/editor.js'
import {useEditor, useEditors} from '../../support/fixture.js'
import {strayToolNames} from '../../support/prompt-tools.js'

/** A project-local command (a fixture) whose result carries an image, as frame captures will. */
const IMAGE_COMMANDS = `@tool
extends "res://addons/bridge/core/command_group.gd"
## Test fixture: a command that returns a tiny PNG.


func commands() -> Array:
	return [{
		"method": "image.sample",
		"summary": "A 2x2 red PNG.",
		"params": [],
		"example": {},
		"read_only": true,
		"handler": _sample,
	}]


func _sample(_p: Dictionary) -> Variant:
	var image := Image.create(2, 2, false, Image.FORMAT_RGBA8)
	image.fill(Color.RED)
	return {"width": 2, "height": 2, "mime_type": "image/png", "image_base64": Marshalls.raw_to_base64(image.save_png_to_buffer())}
`

interface HttpAnswer {
  status: number
  /** The status line's reason phrase. */
  statusMessage: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request on a fresh connection, headers exactly as given (Host included). */
function http(
  port: number,
  method: string,
  headers: Record<string, string>,
  body = '',
  path = '/mcp',
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {host: '127.0.0.1', port, method, path, headers, agent: false, setHost: !('Host' in headers)},
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            body: text,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const JSON_HEADERS = {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream'}

function rpc(port: number, message: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const body = typeof message === 'string' ? message : JSON.stringify(message)
  return http(port, 'POST', {...JSON_HEADERS, ...headers}, body)
}

const PING = {jsonrpc: '2.0', id: 1, method: 'ping'}

function corsHeaders(answer: HttpAnswer): string[] {
  return Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))
}

async function connectSdk(port: number): Promise<{client: Client; transport: StreamableHTTPClientTransport}> {
  const client = new Client({name: 'http-mcp-e2e', version: '1.0.0'})
  // every toolset: the tests compare the whole list with serve's (a client's small default: core-loop.e2e.test.ts)
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp?toolsets=all`))
  await client.connect(transport)
  return {client, transport}
}

function textOf(result: unknown): string {
  const content = (result as {content: {type: string; text?: string}[]}).content
  expect(content[0].type).to.equal('text')
  return content[0].text ?? ''
}

/** Ports the editor process listens on (ss -ltnp), as "address:port" strings. */
function listening(pid: number): string[] {
  const out = execFileSync('ss', ['-ltnpH'], {encoding: 'utf8'})
  return out
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => line.trim().split(/\s+/)[3])
}

function occupy(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(undefined)) // already taken by another editor: taken all the same
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('HTTP MCP endpoint hosted by the addon (real editor)', function () {
  this.timeout(120_000)
  // 9100 is held while the editor starts (unpinned, it scans the addon's default range) to prove the fallback
  const fx = useEditor({
    pristine: false,
    pinPorts: false,
    async prepare() {
      fixture = mkdtempSync(join(tmpdir(), 'bridge-http-fixture-'))
      cpSync(DEMO_PROJECT, fixture, {recursive: true, filter: (src) => !/[/\\](\.godot|\.engine)$/.test(src)})
      mkdirSync(join(fixture, 'bridge_commands'))
      writeFileSync(join(fixture, 'bridge_commands', 'image_commands.gd'), IMAGE_COMMANDS)
      blocker = await occupy(9100)
      return {fixture}
    },
    teardown: () => void blocker?.close(),
  })
  let port: number
  let blocker: Server | undefined
  let sdk: Client
  let transport: StreamableHTTPClientTransport

  let fixture: string

  before(async () => {
    blocker?.close()
    port = fx.editor.discovery.http_port
    ;({client: sdk, transport} = await connectSdk(port))
    await fx.editor.client.call('scene.open', {path: 'res://scenes/main.tscn'})
  })
  after(async () => {
    await sdk?.close().catch(() => {})
    rmSync(fixture, {recursive: true, force: true})
  })

  describe('binding', () => {
    it('binds 127.0.0.1 only, past a taken 9100, and records the port in the discovery file', async () => {
      const onDisk = JSON.parse(readFileSync(discoveryPath(fx.editor.root), 'utf8'))
      expect(onDisk.http_port).to.equal(port)
      expect(port).to.not.equal(9100)
      expect(port).to.be.within(9101, 9115)
      expect((await fx.editor.client.call<{http_port: number}>('project.info')).http_port).to.equal(port)
      const sockets = listening(fx.editor.pid).filter((a) => a.endsWith(`:${port}`))
      expect(sockets).to.deep.equal([`127.0.0.1:${port}`])
    })
  })

  describe('project identity in the URL', () => {
    it('answers a URL that names this project, and refuses one naming another with 409 and both paths', async () => {
      const ours = `/mcp?project=${encodeURIComponent(fx.editor.root)}`
      const ok = await http(port, 'POST', JSON_HEADERS, JSON.stringify(PING), ours)
      expect(ok.status, ok.body).to.equal(200)
      const other = '/tmp/some other game'
      const refused = await http(
        port,
        'POST',
        JSON_HEADERS,
        JSON.stringify(PING),
        `/mcp?project=${encodeURIComponent(other)}`,
      )
      expect(refused.status).to.equal(409)
      expect(refused.statusMessage, 'the status line').to.equal('Conflict')
      expect(refused.body).to.include(other).and.include(fx.editor.root)
      const noCheck = await http(port, 'POST', JSON_HEADERS, JSON.stringify(PING))
      expect(noCheck.status, 'without ?project= there is no check').to.equal(200)
    })
  })

  describe('MCP over the SDK client', () => {
    it("initializes and negotiates the SDK's latest protocol version", async () => {
      expect(transport.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION)
      expect(sdk.getServerVersion()?.name).to.equal('godot-bridge') // the name of its config entry
      expect(sdk.getServerCapabilities()).to.include.keys('tools', 'resources', 'prompts')
      expect(transport.sessionId).to.equal(undefined) // stateless: no session to lose on an editor restart
      await sdk.ping()
    })

    it('lists engine_run, bridge_toolsets, bridge_find and one typed tool per live command, as serve lists them with no editor up', async () => {
      const {commands} = await fx.editor.client.call<{commands: CommandDoc[]}>('engine.commands')
      const {tools} = await sdk.listTools()
      expect(tools.map((t) => t.name)).to.deep.equal([
        ENGINE_RUN.name,
        TOOLSETS_TOOL.name,
        'bridge_find',
        ...commands.map((c) => toolName(c.method)),
      ])
      // catalog/tools.json (npm run catalog) is this list: serve's early answer is the editor's own
      const early = new Map(earlyTools().map((t) => [t.name, t]))
      for (const tool of tools)
        if (early.has(tool.name)) expect(tool, `${tool.name}: npm run catalog`).to.deep.equal(early.get(tool.name))
      expect(tools.map((t) => t.name)).to.include.members(['engine_run', 'project_info', 'node_add', 'engine_commands'])
    })

    it('a typed tool changes the scene and engine_run changes it again; both read back over WebSocket', async () => {
      const added = await sdk.callTool({
        name: 'node_add',
        arguments: {type: 'Node2D', parent: '/root/Main', name: 'HttpAdded'},
      })
      expect(added.isError, textOf(added)).to.not.equal(true)
      const info = await fx.editor.client.call<{class?: string; type?: string}>('node.info', {
        node_path: '/root/Main/HttpAdded',
      })
      expect(info.class ?? info.type).to.equal('Node2D')

      const set = await sdk.callTool({
        name: 'engine_run',
        arguments: {
          method: 'node.set',
          params: {node_path: '/root/Main/HttpAdded', property: 'position', value: [12, 34]},
        },
      })
      expect(set.isError, textOf(set)).to.not.equal(true)
      const position = await fx.editor.client.call<{value: unknown}>('node.get', {
        node_path: '/root/Main/HttpAdded',
        property: 'position',
      })
      expect(position.value).to.deep.equal([12, 34])

      const read = await sdk.callTool({
        name: 'node_get',
        arguments: {node_path: '/root/Main/HttpAdded', property: 'position'},
      })
      expect(JSON.parse(textOf(read)).value).to.deep.equal([12, 34])
    })

    it("returns JSON text content for a result, exactly the command's result", async () => {
      const result = await sdk.callTool({name: 'project_info', arguments: {}})
      expect(JSON.parse(textOf(result))).to.deep.equal(await fx.editor.client.call('project.info'))
    })

    it("returns an image result as image content, lifted as serve lifts a pack's tool's images", async () => {
      const raw = await fx.editor.client.call('image.sample')
      const result = await sdk.callTool({name: 'image_sample', arguments: {}})
      expect((result.content as unknown[]).slice(1)).to.deep.equal(successResult(raw).content.slice(1))
      const image = (result.content as {type: string; data: string; mimeType: string}[])[1]
      expect(image.type).to.equal('image')
      expect(image.mimeType).to.equal('image/png')
      expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).to.equal('PNG')
      expect(JSON.parse(textOf(result)).width).to.equal(2)
    })

    it("writes a structured result's text as bridge serve does: a summary for a client whose model reads structuredContent, else the whole JSON", async () => {
      const call = (userAgent: string) =>
        rpc(
          port,
          {
            jsonrpc: '2.0',
            id: 9,
            method: 'tools/call',
            params: {name: 'engine_class_info', arguments: {class: 'Node2D'}},
          },
          {'User-Agent': userAgent, 'MCP-Protocol-Version': '2025-11-25'},
        )
      const raw = await fx.editor.client.call('engine.class_info', {class: 'Node2D'})
      const summary = JSON.parse((await call('claude-code/2.1.0')).body).result
      expect(readsOf('claude-code/2.1.0')).to.equal('structured')
      expect(summary).to.deep.equal(expectedResult(raw, true, 'structured'))
      expect(JSON.parse(summary.content[0].text).methods).to.match(/^<\d+ items in structuredContent>$/)
      const whole = JSON.parse((await call('opencode/1.2')).body).result
      expect(readsOf('opencode/1.2')).to.equal('content')
      expect(whole).to.deep.equal(expectedResult(raw, true, 'content'))
      expect(JSON.parse(whole.content[0].text)).to.deep.equal(whole.structuredContent)
      // a client the profile table does not know may read only the text: it gets the whole JSON too
      const unknown = JSON.parse((await call('some-agent/1.0')).body).result
      expect(readsOf('some-agent/1.0')).to.equal('content')
      expect(JSON.parse(unknown.content[0].text)).to.deep.equal(unknown.structuredContent)
    })

    it('reports a refused parameter as an isError result naming the parameter (2025-11-25), through the same router guards', async () => {
      const typed = await sdk.callTool({name: 'node_add', arguments: {typ: 'Node2D'}})
      expect(typed.isError).to.equal(true)
      expect(textOf(typed)).to.include("'typ'").and.include("did you mean 'type'")
      const mistyped = await sdk.callTool({name: 'node_add', arguments: {type: 'Node2D', index: 'first'}})
      expect(mistyped.isError).to.equal(true)
      expect(textOf(mistyped)).to.include("'index'")

      const jailed = await sdk.callTool({
        name: 'engine_run',
        arguments: {method: 'scene.create', params: {path: '/tmp/escape.tscn', root_type: 'Node2D'}},
      })
      expect(jailed.isError).to.equal(true)
      expect(textOf(jailed)).to.include("'path'")

      const unknown = await sdk.callTool({name: 'engine_run', arguments: {method: 'engine.versoin'}})
      expect(unknown.isError).to.equal(true)
      expect(textOf(unknown)).to.include("did you mean 'engine.version'")

      const badRun = await sdk.callTool({name: 'engine_run', arguments: {method: 'not a method'}})
      expect(badRun.isError).to.equal(true)
      expect(textOf(badRun)).to.include("'method'")

      // an unknown tool is a protocol error (-32602) in every 2025 revision and after
      const noTool = await sdk.callTool({name: 'no_such_tool', arguments: {}}).then(
        () => ({code: 0, message: 'answered'}),
        (error: {code: number; message: string}) => error,
      )
      expect(noTool.code).to.equal(-32602)
      expect(noTool.message).to.include('no_such_tool')
    })

    it('lists the five engine:// resources as bridge serve does and reads every one as JSON', async () => {
      const {resources} = await sdk.listResources()
      expect(resources).to.deep.equal(listResources())
      expect(resources).to.have.length(5)
      for (const resource of resources) {
        const read = await sdk.readResource({uri: resource.uri})
        expect(read.contents, resource.uri).to.have.length(1)
        const content = read.contents[0] as {uri: string; mimeType: string; text: string}
        expect(content.uri).to.equal(resource.uri)
        expect(content.mimeType).to.equal('application/json')
        expect(() => JSON.parse(content.text), resource.uri).to.not.throw()
      }
      const info = await sdk.readResource({uri: 'engine://project/info'})
      expect(JSON.parse((info.contents[0] as {text: string}).text).name).to.equal('Bridge Demo')
      let error: {code?: number} | undefined
      await sdk.readResource({uri: 'engine://no/such'}).catch((e: {code?: number}) => (error = e))
      expect(error?.code).to.equal(-32002)
    })

    it('lists the prompt files and gets every prompt exactly as bridge serve renders it', async () => {
      const files = readdirSync(join(REPO_ROOT, 'addon', 'mcp', 'prompts')).filter((f) => f.endsWith('.md'))
      const served = loadPrompts()
      const {prompts} = await sdk.listPrompts()
      expect(prompts.map((p) => p.name).sort()).to.deep.equal(files.map((f) => f.replace(/\.md$/, '')).sort())
      expect(prompts).to.deep.equal(listPrompts(served))
      const listed = new Set((await sdk.listTools()).tools.map((t) => t.name))
      const methods = (await fx.call<{commands: {method: string}[]}>('engine.commands')).commands.map((c) => c.method)
      for (const prompt of prompts) {
        const args = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, `value-of-${a.name}`]))
        const got = await sdk.getPrompt({name: prompt.name, arguments: args})
        expect(got, prompt.name).to.deep.equal(getPrompt(served, prompt.name, args, listed))
        const text = (got.messages[0].content as {text: string}).text
        expect(text).to.not.include('{{')
        expect(strayToolNames(text, methods, listed), prompt.name).to.deep.equal([])
        for (const value of Object.values(args)) expect(text, prompt.name).to.include(value)
      }
      const bare = await sdk.getPrompt({name: 'spatial-placement'})
      expect(bare).to.deep.equal(getPrompt(served, 'spatial-placement', {}, listed))
      // a request for fewer toolsets gets the commands it does not list as engine_run with their method
      const few = new Client({name: 'http-mcp-e2e-few', version: '1.0.0'})
      await few.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp?toolsets=script`)))
      try {
        const fewListed = new Set((await few.listTools()).tools.map((t) => t.name))
        expect(fewListed.has('runtime_errors')).to.equal(false)
        const hunt = await few.getPrompt({name: 'bug-hunt'})
        const text = (hunt.messages[0].content as {text: string}).text
        expect(strayToolNames(text, methods, fewListed)).to.deep.equal([])
        expect(text).to.include('`engine_run {"method": "runtime.errors"}`')
        expect(fewListed.has('script_function_set')).to.equal(true)
        expect(text).to.include('`script_function_set`')
      } finally {
        await few.close()
      }
      let error: {code?: number} | undefined
      await sdk.getPrompt({name: 'no-such-prompt'}).catch((e: {code?: number}) => (error = e))
      expect(error?.code).to.equal(-32602)
    })
  })

  describe('protocol rules of a POST-only JSON server', () => {
    it('negotiates each SDK-supported version and offers the latest for an unknown one', async () => {
      for (const version of [...SUPPORTED_PROTOCOL_VERSIONS, '1999-01-01']) {
        const answer = await rpc(port, {
          jsonrpc: '2.0',
          id: 7,
          method: 'initialize',
          params: {protocolVersion: version, capabilities: {}, clientInfo: {name: 't', version: '1'}},
        })
        expect(answer.status).to.equal(200)
        expect(answer.headers['content-type']).to.match(/^application\/json/)
        const expected = SUPPORTED_PROTOCOL_VERSIONS.includes(version) ? version : LATEST_PROTOCOL_VERSION
        expect(JSON.parse(answer.body).result.protocolVersion).to.equal(expected)
        expect(answer.headers['mcp-session-id']).to.equal(undefined)
      }
    })

    it('answers notifications and client responses with 202 and no body', async () => {
      for (const message of [
        {jsonrpc: '2.0', method: 'notifications/initialized'},
        {jsonrpc: '2.0', method: 'notifications/cancelled', params: {requestId: 3}},
        {jsonrpc: '2.0', id: 5, result: {}},
        [
          {jsonrpc: '2.0', method: 'notifications/initialized'},
          {jsonrpc: '2.0', method: 'notifications/progress', params: {}},
        ],
      ]) {
        const answer = await rpc(port, message)
        expect(answer.status, JSON.stringify(message)).to.equal(202)
        expect(answer.body).to.equal('')
      }
    })

    it('refuses GET and DELETE with 405 and an Allow header, and other paths with 404', async () => {
      for (const method of ['GET', 'DELETE', 'PUT']) {
        const answer = await http(port, method, {Accept: 'text/event-stream'})
        expect(answer.status, method).to.equal(405)
        expect(answer.headers.allow).to.equal('POST, OPTIONS')
      }
      expect((await http(port, 'POST', JSON_HEADERS, JSON.stringify(PING), '/other')).status).to.equal(404)
      expect((await http(port, 'POST', JSON_HEADERS, JSON.stringify(PING), '/mcp?x=1')).status).to.equal(200)
    })

    it('refuses an unsupported MCP-Protocol-Version with 400 and serves the supported ones', async () => {
      for (const version of ['1900-01-01', 'not-a-version', '2025-11-25 ']) {
        const answer = await rpc(port, PING, {'MCP-Protocol-Version': version})
        expect(answer.status, version).to.equal(version.trim() === '2025-11-25' ? 200 : 400)
      }
      for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
        expect((await rpc(port, PING, {'MCP-Protocol-Version': version})).status, version).to.equal(200)
      }
      const refused = await rpc(port, PING, {'MCP-Protocol-Version': '1900-01-01'})
      expect(JSON.parse(refused.body).error.message).to.include('1900-01-01')
    })

    it('ignores a session id it never issued, consistently (stateless)', async () => {
      const answer = await rpc(port, PING, {'Mcp-Session-Id': 'made-up'})
      expect(answer.status).to.equal(200)
      expect(JSON.parse(answer.body)).to.deep.equal({jsonrpc: '2.0', id: 1, result: {}})
    })

    it('refuses the wrong media types: 415 for a non-JSON body, 406 when JSON is not acceptable', async () => {
      expect((await http(port, 'POST', {'Content-Type': 'text/plain'}, JSON.stringify(PING))).status).to.equal(415)
      expect(
        (await http(port, 'POST', {'Content-Type': 'application/json', Accept: 'text/html'}, JSON.stringify(PING)))
          .status,
      ).to.equal(406)
      expect(
        (
          await http(
            port,
            'POST',
            {'Content-Type': 'application/json; charset=utf-8', Accept: '*/*'},
            JSON.stringify(PING),
          )
        ).status,
      ).to.equal(200)
    })

    it('answers malformed JSON-RPC with the JSON-RPC error and keeps serving', async () => {
      const cases: [unknown, number, number][] = [
        ['{"jsonrpc": "2.0", "id": 1, "method": ', 400, -32700],
        ['\u00ff\u00fe garbage', 400, -32700],
        [{id: 1, method: 'ping'}, 400, -32600],
        [{jsonrpc: '2.0', id: 1, method: 42}, 400, -32600],
        [{jsonrpc: '2.0', id: {}, method: 'ping'}, 400, -32600],
        [[], 400, -32600],
        ['"just a string"', 400, -32600],
        [
          [{jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: LATEST_PROTOCOL_VERSION}}, PING],
          400,
          -32600,
        ],
      ]
      for (const [message, status, code] of cases) {
        const answer = await rpc(port, message)
        expect(answer.status, JSON.stringify(message)).to.equal(status)
        expect(JSON.parse(answer.body).error.code, JSON.stringify(message)).to.equal(code)
      }
      const unknown = JSON.parse((await rpc(port, {jsonrpc: '2.0', id: 'u', method: 'no/such'})).body)
      expect(unknown).to.deep.include({id: 'u'})
      expect(unknown.error.code).to.equal(-32601)
      const badParams = JSON.parse((await rpc(port, {jsonrpc: '2.0', id: 2, method: 'tools/call', params: [1]})).body)
      expect(badParams.error.code).to.equal(-32602)
      const batch = await rpc(port, [
        PING,
        {jsonrpc: '2.0', method: 'notifications/initialized'},
        {jsonrpc: '2.0', id: 2, method: 'tools/list'},
      ])
      const replies = JSON.parse(batch.body)
      expect(replies.map((r: {id: number}) => r.id)).to.deep.equal([1, 2])
      await sdk.ping()
    })
  })

  describe('Origin and Host rules', () => {
    const SERVED_ORIGINS = [
      'http://localhost',
      'http://localhost:3000',
      'https://localhost:8443',
      'HTTP://LOCALHOST:80',
      'http://127.0.0.1',
      'http://127.0.0.1:9100',
      'http://127.5.6.7:8080',
      'http://127.255.255.255',
      'http://[::1]',
      'http://[::1]:5173',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]',
      'http://[::ffff:7f00:1]:80',
    ]
    const REFUSED_ORIGINS = [
      'null',
      '',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
      'http://evil.example',
      'https://evil.example:443',
      'http://127.0.0.1evil.example',
      'http://evil.example@127.0.0.1',
      'http://127.0.0.1@evil.example',
      'http://128.0.0.1',
      'http://0.0.0.0',
      'http://10.0.0.1',
      'http://[::]',
      'http://[::2]',
      'http://[::ffff:10.0.0.1]',
      'http://[fe80::1%25lo]',
      'http://[::1',
      'http://2130706433',
      'http://0x7f.0.0.1',
      'http://127.1',
      'http://0177.0.0.1',
      'http://127.0.0.01',
      'http://127.0.0.256',
      'http://localhost.',
      'http://localhost:99999',
      'http://localhost:',
      'http://localhost/',
      'http://localhost/path',
      'http://localhost#frag',
      'file://',
      'file:///etc/passwd',
      'chrome-extension://abcdefghijklmnop',
      'moz-extension://localhost',
      'ws://localhost',
      'ftp://127.0.0.1',
      'javascript:alert(1)',
      'localhost',
      '127.0.0.1',
      '//localhost',
      'http://localhost, http://evil.example',
    ]

    it('serves a request with no Origin, without CORS headers', async () => {
      const answer = await rpc(port, PING)
      expect(answer.status).to.equal(200)
      expect(corsHeaders(answer)).to.deep.equal([])
    })

    for (const origin of SERVED_ORIGINS) {
      it(`serves Origin ${origin} and echoes it (never *) with Vary: Origin`, async () => {
        const answer = await rpc(port, PING, {Origin: origin})
        expect(answer.status).to.equal(200)
        expect(answer.headers['access-control-allow-origin']).to.equal(origin)
        expect(String(answer.headers.vary)).to.match(/\bOrigin\b/)
        expect(JSON.parse(answer.body).result).to.deep.equal({})
      })
    }

    for (const origin of REFUSED_ORIGINS) {
      it(`refuses Origin ${JSON.stringify(origin)} with 403 and no CORS headers`, async () => {
        const answer = await rpc(port, PING, {Origin: origin})
        expect(answer.status).to.equal(403)
        expect(corsHeaders(answer)).to.deep.equal([])
        const preflight = await http(port, 'OPTIONS', {Origin: origin, 'Access-Control-Request-Method': 'POST'})
        expect(preflight.status).to.equal(403)
        expect(corsHeaders(preflight)).to.deep.equal([])
      })
    }

    it('answers an OPTIONS preflight from a loopback origin with the methods and MCP headers allowed', async () => {
      const answer = await http(port, 'OPTIONS', {
        Origin: 'http://localhost:6274',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, mcp-session-id',
      })
      expect(answer.status).to.equal(204)
      expect(answer.headers['access-control-allow-origin']).to.equal('http://localhost:6274')
      expect(String(answer.headers['access-control-allow-methods'])).to.include('POST')
      const allowed = String(answer.headers['access-control-allow-headers']).toLowerCase()
      for (const header of ['content-type', 'mcp-protocol-version', 'mcp-session-id', 'accept'])
        expect(allowed).to.include(header)
      expect(String(answer.headers.vary)).to.include('Origin')
    })

    const SERVED_HOSTS = [
      '127.0.0.1:PORT',
      'localhost:PORT',
      'LocalHost:PORT',
      'localhost',
      '127.0.0.1',
      '127.9.9.9:PORT',
      '[::1]:PORT',
      '[::1]',
    ]
    const REFUSED_HOSTS = [
      'evil.example',
      'evil.example:PORT',
      '127.0.0.1.evil.example:PORT',
      'localhost.evil.example',
      'localhost.:PORT',
      '0.0.0.0:PORT',
      '192.168.1.10:PORT',
      '2130706433:PORT',
      '[::2]:PORT',
      '[::1:PORT',
      '::1',
      '127.0.0.1:PORT:1',
      'localhost:notaport',
      '',
    ]

    for (const host of SERVED_HOSTS) {
      it(`serves Host ${host}`, async () => {
        const answer = await rpc(port, PING, {Host: host.replace('PORT', String(port))})
        expect(answer.status).to.equal(200)
      })
    }

    for (const host of REFUSED_HOSTS) {
      it(`refuses Host ${JSON.stringify(host)} (DNS rebinding) with 403`, async () => {
        const answer = await rpc(port, PING, {Host: host.replace('PORT', String(port)), Origin: 'http://localhost'})
        expect(answer.status).to.equal(403)
        expect(corsHeaders(answer)).to.deep.equal([])
      })
    }
  })
})

describe('HTTP MCP endpoint settings (real editors)', function () {
  this.timeout(120_000)

  describe('http_typed=false, http_port pinned in project.godot', () => {
    let pinned: number
    // the port comes from project.godot here, so the harness must not pin one through the environment
    const fx = useEditor({
      pristine: false,
      pinPorts: false,
      async prepare() {
        pinned = await freePort()
        return {projectLines: ['[bridge]', 'network/http_typed=false', `network/http_port=${pinned}`]}
      },
    })

    it('binds the pinned port and lists only engine_run, which still drives every command', async () => {
      expect(fx.editor.discovery.http_port).to.equal(pinned)
      const {client: sdk} = await connectSdk(pinned)
      try {
        const {tools} = await sdk.listTools()
        expect(tools.map((t) => t.name)).to.deep.equal(['engine_run'])
        const typed = await sdk.callTool({name: 'project_info', arguments: {}})
        expect(typed.isError).to.equal(true)
        expect(textOf(typed)).to.include("engine_run with method 'project.info'")
        const run = await sdk.callTool({name: 'engine_run', arguments: {method: 'project.info'}})
        expect(JSON.parse(textOf(run)).project_root).to.equal(fx.editor.root)
      } finally {
        await sdk.close().catch(() => {})
      }
    })

    it('follows the settings live: a new http_port moves the endpoint, mcp_http=false closes it; the discovery file follows', async () => {
      const onDisk = () => JSON.parse(readFileSync(discoveryPath(fx.editor.root), 'utf8')).http_port as number
      const until = async (want: number) => {
        const end = Date.now() + 5000
        while (onDisk() !== want && Date.now() < end) await sleep(50)
        return onDisk()
      }
      const answers = (p: number) =>
        rpc(p, PING).then(
          (a) => a.status,
          (e: NodeJS.ErrnoException) => e.code,
        )
      const moved = await freePort()
      await fx.editor.client.call('project.settings_set', {key: 'bridge/network/http_port', value: moved})
      expect(await until(moved)).to.equal(moved)
      expect(await answers(moved)).to.equal(200)
      expect(await answers(pinned)).to.equal('ECONNREFUSED')

      await fx.editor.client.call('project.settings_set', {key: 'bridge/network/mcp_http', value: false})
      expect(await until(0)).to.equal(0)
      expect(await answers(moved)).to.equal('ECONNREFUSED')
      expect((await fx.editor.client.call<{http_port: number}>('project.info')).http_port).to.equal(0)

      await fx.editor.client.call('project.settings_set', {key: 'bridge/network/mcp_http', value: true})
      expect(await until(moved)).to.equal(moved)
      expect(await answers(moved)).to.equal(200)
    })
  })

  const editors = useEditors({each: true})

  it('mcp_http=false leaves no listener, even with a pinned port', async () => {
    const pinned = await freePort()
    const editor = await editors.start({
      projectLines: ['[bridge]', 'network/mcp_http=false'],
      env: {BRIDGE_MCP_HTTP_PORT: String(pinned)},
    })
    {
      expect(editor.discovery.http_port).to.equal(0)
      expect((await editor.client.call<{http_port: number}>('project.info')).http_port).to.equal(0)
      const ports = listening(editor.pid).map((a) => Number(a.split(':').pop()))
      expect(ports).to.include(editor.discovery.ws_port)
      expect(ports).to.not.include(pinned)
      expect(ports.filter((p) => p >= 9100 && p <= 9115)).to.deep.equal([])
      const refused = await http(pinned, 'POST', JSON_HEADERS, JSON.stringify(PING)).then(
        () => 'answered',
        (e: NodeJS.ErrnoException) => e.code,
      )
      expect(refused).to.equal('ECONNREFUSED')
    }
  })
})

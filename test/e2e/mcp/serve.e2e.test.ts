// `bridge serve` as an MCP client sees it: the real CLI process over stdio (the SDK's Client and
// StdioClientTransport) against a real headless editor — typed tools from the live commands, calls that
// change the scene, validation, resources, prompts, identity, plugin tools, and an editor restart mid-session.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {type CallToolResult, type Tool, ToolListChangedNotificationSchema} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {BRIDGE_BIN, runCli} from '../../support/cli.js'
import {DEMO_PROJECT, REPO_ROOT} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

const FIXTURE_PLUGIN = join(REPO_ROOT, 'test', 'fixtures', 'mcp-plugin')
const ENGINE_RUN = JSON.parse(readFileSync(join(REPO_ROOT, 'addon', 'mcp', 'engine_run.json'), 'utf8'))
const RESOURCES: {uri: string; method: string}[] = JSON.parse(
  readFileSync(join(REPO_ROOT, 'addon', 'mcp', 'resources.json'), 'utf8'),
)
const PROMPTS = ['bug-hunt', 'discover-then-drive', 'launch-recovery', 'spatial-placement']

/** A project-local command group, added while the editor is down: the restarted editor has one more command. */
const LOCAL_GROUP = `@tool
extends "res://addons/bridge/core/command_group.gd"
## probe.*: project-local commands added by the serve e2e test.


func commands() -> Array:
	return [
		{
			"method": "probe.echo",
			"summary": "Echo a word back (project-local test command).",
			"params": [req("word", "string", "Word to echo")],
			"example": {"word": "hi"},
			"read_only": true,
			"handler": _echo,
		},
		{
			"method": "probe.image",
			"summary": "A solid red PNG of the given size (stands in for a frame capture).",
			"params": [req("width", "int", "Pixels"), req("height", "int", "Pixels")],
			"example": {"width": 4, "height": 3},
			"read_only": true,
			"handler": _image,
		},
	]


func _echo(p: Dictionary) -> Variant:
	return {"echo": p.word}


func _image(p: Dictionary) -> Variant:
	var image := Image.create_empty(p.width, p.height, false, Image.FORMAT_RGBA8)
	image.fill(Color.RED)
	var png := Marshalls.raw_to_base64(image.save_png_to_buffer())
	return {"image_base64": png, "mime_type": "image/png", "width": p.width, "height": p.height}
`

interface Session {
  client: Client
  stderr(): string
  close(): Promise<void>
}

async function openSession(project: string, env: Record<string, string>, extra: string[] = []): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    // every toolset, as the tests call any command (a client's small default: test/e2e/mcp/core-loop.e2e.test.ts)
    args: [BRIDGE_BIN, 'serve', '--project', project, '--toolsets', 'all', ...extra],
    env: {...(process.env as Record<string, string>), NO_COLOR: '1', ...env},
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (d) => (stderr += d))
  const client = new Client({name: 'serve-e2e', version: '1.0.0'})
  await client.connect(transport)
  return {client, stderr: () => stderr, close: () => client.close()}
}

function text(result: unknown): string {
  const content = (result as CallToolResult).content
  return content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')
}

function json<T = Record<string, unknown>>(result: unknown): T {
  const r = result as CallToolResult
  if (r.isError) throw new Error(`tool error: ${text(r)}`)
  // the result's object: structuredContent where the tool declares its shape (the text beside it is a summary)
  return (r.structuredContent ?? JSON.parse(text(r))) as T
}

describe('bridge serve: MCP over stdio (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      base = mkdtempSync(join(tmpdir(), 'bridge-serve-'))
      env = {
        XDG_DATA_HOME: join(base, 'data'),
        XDG_CONFIG_HOME: join(base, 'config'),
        XDG_CACHE_HOME: join(base, 'cache'),
      }
      const linked = await runCli(['plugins', 'link', FIXTURE_PLUGIN, '--no-install'], {env})
      expect(linked.code, linked.stderr).to.equal(0)
      return {}
    },
  })
  let base: string
  let env: Record<string, string>
  let session: Session
  let commands: CommandDoc[]

  before(async () => {
    commands = (await fx.editor.client.call<{commands: CommandDoc[]}>('engine.commands')).commands
    session = await openSession(fx.editor.root, env)
  })
  after(async () => {
    await session?.close().catch(() => {})
    rmSync(base, {recursive: true, force: true})
  })

  it('lists engine_run and one typed tool per live command, by the shared rule', async () => {
    const {tools} = await session.client.listTools()
    const byName = new Map(tools.map((t) => [t.name, t]))
    expect(byName.get('engine_run')).to.deep.equal(ENGINE_RUN)
    expect(commands.length).to.be.greaterThan(3)
    for (const c of commands) {
      const tool = byName.get(c.method.replace('.', '_'))
      expect(tool, c.method).to.not.equal(undefined)
      expect(tool!.description, c.method).to.equal(c.summary)
      const {additionalProperties, ...listed} = c.input_schema
      expect(tool!.inputSchema, c.method).to.deep.equal(additionalProperties === false ? listed : c.input_schema)
      expect(tool!.annotations?.readOnlyHint === true, c.method).to.equal(c.read_only) // the rest: annotations.e2e
    }
  })

  it('a typed call and an engine_run call change the scene, and the change reads back', async () => {
    const add = commands.find((c) => c.method === 'node.add')
    expect(add, 'node.add is not registered').to.not.equal(undefined)
    const typed = await session.client.callTool({name: 'node_add', arguments: {...add!.example, name: 'ServeTyped'}})
    expect(typed.isError, text(typed)).to.not.equal(true)
    const generic = await session.client.callTool({
      name: 'engine_run',
      arguments: {method: 'node.add', params: {...add!.example, name: 'ServeGeneric'}},
    })
    expect(generic.isError, text(generic)).to.not.equal(true)
    const tree = JSON.stringify(await fx.editor.client.call('scene.tree'))
    expect(tree).to.include('ServeTyped')
    expect(tree).to.include('ServeGeneric')
  })

  it('refuses bad arguments before sending them, naming the parameter', async () => {
    const unknown = await session.client.callTool({name: 'project_info', arguments: {bogus_flag: 1}})
    expect(unknown.isError).to.equal(true)
    expect(text(unknown)).to.include("unknown parameter 'bogus_flag'")
    const mistyped = await session.client.callTool({name: 'engine_commands', arguments: {group: 5}})
    expect(mistyped.isError).to.equal(true)
    expect(text(mistyped)).to.match(/parameter 'group' must be string/)
    const viaRun = await session.client.callTool({
      name: 'engine_run',
      arguments: {method: 'engine.commands', params: {group: 5}},
    })
    expect(viaRun.isError).to.equal(true)
    expect(text(viaRun)).to.include("'group'")
    const badMethod = await session.client.callTool({name: 'engine_run', arguments: {method: 'nodeadd'}})
    expect(badMethod.isError).to.equal(true)
    expect(text(badMethod)).to.include("'method'")
    const unknownMethod = await session.client.callTool({name: 'engine_run', arguments: {method: 'engine.versoin'}})
    expect(unknownMethod.isError).to.equal(true)
    expect(text(unknownMethod)).to.include("did you mean 'engine.version'")
  })

  it('returns results as JSON text', async () => {
    const info = json<{project_root: string; pid: number}>(
      await session.client.callTool({name: 'project_info', arguments: {}}),
    )
    expect(info.project_root).to.equal(fx.editor.root)
    expect(info.pid).to.equal(fx.editor.pid)
  })

  it('reads all five engine:// resources from their commands', async () => {
    const {resources} = await session.client.listResources()
    expect(resources.map((r) => r.uri)).to.deep.equal(RESOURCES.map((r) => r.uri))
    for (const r of RESOURCES) {
      const read = await session.client.readResource({uri: r.uri})
      const content = read.contents[0] as {text: string; mimeType: string}
      expect(content.mimeType, r.uri).to.equal('application/json')
      expect(JSON.parse(content.text), r.uri).to.deep.equal(await fx.editor.client.call(r.method))
    }
  })

  it('serves the four prompts, filling in an argument', async () => {
    const {prompts} = await session.client.listPrompts()
    expect(prompts.map((p) => p.name)).to.deep.equal(PROMPTS)
    const spatial = prompts.find((p) => p.name === 'spatial-placement')
    expect(spatial?.arguments?.map((a) => a.name)).to.deep.equal(['target'])
    const got = await session.client.getPrompt({name: 'spatial-placement', arguments: {target: 'Crate beside Player'}})
    const body = (got.messages[0].content as {text: string}).text
    expect(body).to.include('Crate beside Player')
    expect(body).to.not.include('{{')
  })

  it('lists and runs a tool contributed by an installed plugin, skips its failing hook, and keeps stdout for protocol only', async () => {
    const {tools} = await session.client.listTools()
    const tool = tools.find((t: Tool) => t.name === 'fixture_greet')
    expect(tool?.description).to.equal('Greets the open project by name (test fixture plugin).')
    expect(tool?.inputSchema.required).to.deep.equal(['greeting'])
    const info = (await fx.editor.client.call('project.info')) as {name: string}
    const greeted = json<{text: string; hook_project_root: string}>(
      await session.client.callTool({name: 'fixture_greet', arguments: {greeting: 'Hello'}}),
    )
    expect(greeted.text).to.equal(`Hello, ${info.name}`)
    expect(greeted.hook_project_root).to.equal(fx.editor.root)
    const bad = await session.client.callTool({name: 'fixture_greet', arguments: {greeting: ''}})
    expect(bad.isError).to.equal(true)
    expect(text(bad)).to.include('greeting')
    // The plugin logged through oclif's this.log (stdout); serve sent it to stderr instead.
    expect(session.stderr()).to.include('fixture plugin: contributing fixture_greet')
    // Its second hook throws: logged and skipped, and everything above still worked.
    expect(session.stderr()).to.include('bridge:mcp-tools hook failed (fixture: deliberately broken hook)')
  })

  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const child = spawn(process.execPath, [BRIDGE_BIN, 'serve', '--project', fx.editor.root], {
      env: {...process.env, ...env},
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.on('data', (d) => (stdout += d))
    const send = (msg: object) => child.stdin.write(JSON.stringify({jsonrpc: '2.0', ...msg}) + '\n')
    send({
      id: 1,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '1'}},
    })
    send({method: 'notifications/initialized'})
    send({id: 2, method: 'tools/list'})
    send({id: 3, method: 'tools/call', params: {name: 'fixture_greet', arguments: {greeting: 'Hi'}}})
    send({id: 4, method: 'tools/call', params: {name: 'engine_run', arguments: {method: 'no.such_method'}}})
    const end = Date.now() + 20_000
    while (Date.now() < end && !/"id":4/.test(stdout)) await new Promise((r) => setTimeout(r, 50))
    child.stdin.end()
    await new Promise((r) => child.once('close', r))
    const messages = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as {jsonrpc: string; id?: number})
    for (const m of messages) expect(m.jsonrpc).to.equal('2.0')
    expect(
      messages
        .filter((m) => m.id !== undefined)
        .map((m) => m.id)
        .sort(),
    ).to.deep.equal([1, 2, 3, 4])
  })

  it('--typed=false lists engine_run alone, which still drives the editor', async () => {
    const clean = {...env, XDG_DATA_HOME: join(base, 'no-plugins')}
    const plain = await openSession(fx.editor.root, clean, ['--typed=false'])
    try {
      const {tools} = await plain.client.listTools()
      expect(tools.map((t) => t.name)).to.deep.equal(['engine_run'])
      const version = json<{major: number}>(
        await plain.client.callTool({name: 'engine_run', arguments: {method: 'engine.version', params: {}}}),
      )
      expect(version.major).to.equal(4)
    } finally {
      await plain.close()
    }
  })

  it("refuses to act on another project's editor", async () => {
    const other = join(base, 'other-project')
    cpSync(DEMO_PROJECT, other, {recursive: true})
    // No editor for `other`: its fallback port is pointed at this test's editor, which serves another project.
    const wrong = await openSession(other, {...env, BRIDGE_WS_PORT: String(fx.editor.discovery.ws_port)})
    try {
      const result = await wrong.client.callTool({
        name: 'engine_run',
        arguments: {method: 'engine.version', params: {}},
      })
      expect(result.isError).to.equal(true)
      // its own editor is not running (no discovery file): closed, naming the editor that did answer
      expect(text(result)).to.include(`no editor is running for ${other}`).and.to.include('verdict: closed')
      expect(text(result)).to.include(fx.editor.root)
    } finally {
      await wrong.close()
    }
  })

  it('survives an editor restart: a verdict error while down, prompts still served, then list_changed, the new command set, working calls and image content', async () => {
    let changed = 0
    session.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++
    })
    await session.client.listTools()
    const oldPid = fx.editor.pid
    await fx.editor.stop({keepDir: true})

    const down = await session.client.callTool({name: 'engine_version', arguments: {}})
    expect(down.isError).to.equal(true)
    expect(text(down)).to.match(/^editor closed: /)
    expect(text(down)).to.include('verdict: closed')
    expect(text(down)).to.include('bridge launch')
    const {prompts} = await session.client.listPrompts()
    expect(prompts.map((p) => p.name)).to.deep.equal(PROMPTS)
    const recovery = await session.client.getPrompt({name: 'launch-recovery'})
    expect((recovery.messages[0].content as {text: string}).text).to.include('crashed')
    let resourceError = ''
    await session.client.readResource({uri: 'engine://project/info'}).catch((e: Error) => (resourceError = e.message))
    expect(resourceError).to.include('editor closed')

    mkdirSync(join(fx.editor.root, 'bridge_commands'), {recursive: true})
    writeFileSync(join(fx.editor.root, 'bridge_commands', 'probe_commands.gd'), LOCAL_GROUP)
    await fx.editor.restart()
    expect(fx.editor.pid).to.not.equal(oldPid)
    const end = Date.now() + 20_000
    while (changed === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100))
    expect(changed, 'no notifications/tools/list_changed after the restart').to.be.greaterThan(0)
    const {tools} = await session.client.listTools()
    expect(tools.some((t) => t.name === 'engine_version')).to.equal(true)
    const probe = tools.find((t) => t.name === 'probe_echo')
    expect(probe?.description).to.equal('Echo a word back (project-local test command).')
    expect(probe?.inputSchema.required).to.deep.equal(['word'])
    expect(json(await session.client.callTool({name: 'probe_echo', arguments: {word: 'back'}}))).to.deep.equal({
      echo: 'back',
    })
    const info = json<{pid: number}>(await session.client.callTool({name: 'project_info', arguments: {}}))
    expect(info.pid).to.equal(fx.editor.pid)

    // An image in a result (a frame capture's shape) comes back as MCP image content, a marker in the JSON.
    const shot = await session.client.callTool({name: 'probe_image', arguments: {width: 5, height: 7}})
    const [meta, image] = shot.content as [{text: string}, {type: string; mimeType: string; data: string}]
    expect(JSON.parse(meta.text).image_base64).to.match(/^<image 1: image\/png, \d+ bytes, attached as image content>$/)
    expect(image.type).to.equal('image')
    expect(image.mimeType).to.equal('image/png')
    const png = Buffer.from(image.data, 'base64')
    expect(png.subarray(1, 4).toString()).to.equal('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).to.deep.equal([5, 7])
  })
})

// Project-local commands (res://bridge_commands/*.gd) reload live in a real editor: a file added while the
// editor runs becomes callable from the CLI, from `bridge serve` (after tools/list_changed) and from the
// HTTP endpoint within a second or two; an edit changes behaviour without a restart; a broken file is
// reported with the engine's message and line without affecting the rest; a file that would shadow a
// built-in is refused; a removed file's commands are gone everywhere.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {type CallToolResult, ToolListChangedNotificationSchema} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseJson, runCli} from '../../support/cli.js'
import {type Json, useEditor} from '../../support/fixture.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A group file whose one command answers with `reply` (so an edit is visible in the result). */
function liveGroup(reply: string): string {
  return `@tool
extends "res://addons/bridge/command_group.gd"
## live.*: written by the live-reload e2e test while the editor runs.


func group_summary() -> String:
	return "Live-reload test commands"


func commands() -> Array:
	return [
		{
			"method": "live.echo",
			"summary": "Echo a word back with a fixed reply.",
			"params": [req("word", "string", "Word to echo")],
			"example": {"word": "hi"},
			"read_only": true,
			"handler": _echo,
		},
	]


func _echo(p: Dictionary) -> Variant:
	return {"echo": p.word, "reply": "${reply}"}
`
}

/** Line 9 has a syntax error the engine reports with that line. */
const BROKEN = `@tool
extends "res://addons/bridge/command_group.gd"


func commands() -> Array:
	return []


func _oops() -> void:
	var x = (1 +
`

const SHADOW = `@tool
extends "res://addons/bridge/command_group.gd"


func commands() -> Array:
	return [{"method": "node.add", "summary": "Not the real node.add.", "params": [], "example": {}, "handler": _nope}]


func _nope(_p: Dictionary) -> Variant:
	return {"shadowed": true}
`

function toolText(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')
}

describe('project-local commands reload live (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      base = mkdtempSync(join(tmpdir(), 'bridge-local-'))
      env = {
        XDG_DATA_HOME: join(base, 'data'),
        XDG_CONFIG_HOME: join(base, 'config'),
        XDG_CACHE_HOME: join(base, 'cache'),
      }
      return {startTimeoutMs: 180_000}
    },
  })
  let base: string
  let env: Record<string, string>
  let serve: Client
  let http: Client
  let listChanged = 0
  let dir: string
  const call = <T = Json>(method: string, params: Json = {}) => fx.editor.client.call<T>(method, params)

  async function methods(): Promise<string[]> {
    return (await call<{commands: {method: string}[]}>('engine.commands')).commands.map((c) => c.method)
  }

  /** Polls `check` every 25 ms until it holds; returns the milliseconds it took. */
  async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
    const t0 = Date.now()
    while (Date.now() - t0 < ms) {
      if (await check()) return Date.now() - t0
      await sleep(25)
    }
    throw new Error(`${what}: not within ${ms} ms`)
  }

  before(async () => {
    dir = join(fx.editor.root, 'bridge_commands')
    serve = await fx.mcpServe({
      name: 'local-e2e',
      env,
      before: (client) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
          listChanged++
        }),
    })
    await serve.listTools() // serve announces list changes to a client that holds a list
    http = await fx.mcpHttp('local-e2e-http')
  })
  after(async () => {
    rmSync(base, {recursive: true, force: true})
  })

  it('a file added while the editor runs is callable from the CLI, serve (after list_changed) and HTTP without a restart', async () => {
    expect(await methods()).to.not.include('live.echo')
    const notesBefore = listChanged
    mkdirSync(dir, {recursive: true})
    writeFileSync(join(dir, 'live.gd'), liveGroup('first'))
    // deadlines, not speed: the editor polls every 0.5 s (how fast is the bench's to say)
    const engineMs = await within(10_000, 'live.echo answers', () =>
      call('live.echo', {word: 'x'}).then(
        () => true,
        () => false,
      ),
    )
    const serveMs = await within(10_000, 'serve sends tools/list_changed', async () => listChanged > notesBefore)
    console.log(
      `      reload latency: engine.commands ${engineMs} ms, serve list_changed ${serveMs + engineMs} ms after the write`,
    )
    const {tools} = await serve.listTools()
    expect(tools.map((t) => t.name)).to.include.members(['live_echo', 'node_add'])
    const viaServe = await serve.callTool({name: 'live_echo', arguments: {word: 'serve'}})
    expect(JSON.parse(toolText(viaServe))).to.deep.equal({echo: 'serve', reply: 'first'})
    const httpTools = (await http.listTools()).tools.map((t) => t.name)
    expect(httpTools).to.include('live_echo')
    const viaHttp = await http.callTool({name: 'live_echo', arguments: {word: 'http'}})
    expect(JSON.parse(toolText(viaHttp))).to.deep.equal({echo: 'http', reply: 'first'})
    const viaCli = await runCli(['live', 'echo', '--word', 'cli', '--json'], {
      cwd: fx.editor.root,
      env,
      timeoutMs: 90_000,
    })
    expect(viaCli.code, viaCli.stderr).to.equal(0)
    expect(parseJson(viaCli)).to.deep.equal({echo: 'cli', reply: 'first'})
    const described = await call<{commands: Json[]; groups: Json[]}>('engine.commands', {group: 'live'})
    expect(described.commands[0]).to.include({method: 'live.echo', source: 'project'})
    expect(described.groups).to.deep.equal([{name: 'live', summary: 'Live-reload test commands', count: 1}])
  })

  it('an edited file changes behaviour without a restart (two saves within the same second both count)', async () => {
    writeFileSync(join(dir, 'live.gd'), liveGroup('second'))
    await within(
      2000,
      'the edit takes effect',
      async () => (await call<Json>('live.echo', {word: 'x'})).reply === 'second',
    )
    writeFileSync(join(dir, 'live.gd'), liveGroup('third'))
    const ms = await within(
      2000,
      'the second edit takes effect',
      async () => (await call<Json>('live.echo', {word: 'x'})).reply === 'third',
    )
    console.log(`      edit latency: ${ms} ms`)
    const viaServe = await serve.callTool({name: 'live_echo', arguments: {word: 'again'}})
    expect(JSON.parse(toolText(viaServe)).reply).to.equal('third')
  })

  it("a broken file is reported with the engine's message and line; every other command keeps working", async () => {
    writeFileSync(join(dir, 'broken.gd'), BROKEN)
    let errors: Json[] = []
    await within(2000, 'load_errors lists broken.gd', async () => {
      errors = (await call<{load_errors?: Json[]}>('engine.commands', {group: 'live'})).load_errors ?? []
      return errors.some((e) => e.path === 'res://bridge_commands/broken.gd')
    })
    const error = errors.find((e) => e.path === 'res://bridge_commands/broken.gd')!
    expect(error.line).to.be.a('number').within(9, 11)
    expect(error.engine_message).to.be.a('string').and.not.equal('')
    expect(error.error).to.include(`line ${error.line}: ${error.engine_message}`)
    expect((await call<Json>('live.echo', {word: 'still'})).reply).to.equal('third')
    expect((await call<Json>('engine.version')).major).to.equal(4)
    const logged = await call<{entries: Json[]}>('editor.errors', {limit: 50})
    expect(JSON.stringify(logged.entries)).to.include('res://bridge_commands/broken.gd skipped')
    writeFileSync(join(dir, 'broken.gd'), BROKEN.replace('var x = (1 +', 'var x = (1 + 2)'))
    await within(2000, 'the fixed file clears its load error', async () => {
      const reply = await call<{load_errors?: Json[]}>('engine.commands', {group: 'live'})
      return !(reply.load_errors ?? []).some((e) => e.path === 'res://bridge_commands/broken.gd')
    })
    unlinkSync(join(dir, 'broken.gd'))
  })

  it('refuses a file that would shadow a built-in command; the built-in keeps answering', async () => {
    writeFileSync(join(dir, 'shadow.gd'), SHADOW)
    let errors: Json[] = []
    await within(2000, 'load_errors lists shadow.gd', async () => {
      errors = (await call<{load_errors?: Json[]}>('engine.commands')).load_errors ?? []
      return errors.some((e) => e.path === 'res://bridge_commands/shadow.gd')
    })
    expect(errors.find((e) => e.path === 'res://bridge_commands/shadow.gd')!.error).to.include(
      'node.add would shadow the built-in command',
    )
    const nodeAdd = (await call<{commands: Json[]}>('engine.commands', {group: 'node'})).commands.find(
      (c) => c.method === 'node.add',
    )
    expect(nodeAdd).to.include({source: 'builtin'})
    unlinkSync(join(dir, 'shadow.gd'))
    await within(2000, 'the refusal goes with the file', async () => {
      const reply = await call<{load_errors?: Json[]}>('engine.commands')
      return !(reply.load_errors ?? []).some((e) => e.path === 'res://bridge_commands/shadow.gd')
    })
  })

  it('refuses a second file declaring a project command; it registers once the first file goes', async () => {
    const group = (reply: string) => liveGroup(reply).replaceAll('live.echo', 'dup.echo')
    writeFileSync(join(dir, 'a_dup.gd'), group('a'))
    writeFileSync(join(dir, 'b_dup.gd'), group('b'))
    let errors: Json[] = []
    await within(3000, 'b_dup.gd refused', async () => {
      errors = (await call<{load_errors?: Json[]}>('engine.commands', {group: 'dup'})).load_errors ?? []
      return errors.some((e) => e.path === 'res://bridge_commands/b_dup.gd')
    })
    expect(errors.find((e) => e.path === 'res://bridge_commands/b_dup.gd')!.error).to.equal(
      'dup.echo is already declared by res://bridge_commands/a_dup.gd; one file per command',
    )
    expect((await call<Json>('dup.echo', {word: 'x'})).reply).to.equal('a')
    unlinkSync(join(dir, 'a_dup.gd'))
    await within(3000, "b_dup.gd's command answers", () =>
      call<Json>('dup.echo', {word: 'x'}).then(
        (r) => r.reply === 'b',
        () => false,
      ),
    )
    expect((await call<{load_errors?: Json[]}>('engine.commands', {group: 'dup'})).load_errors ?? []).to.deep.equal([])
    unlinkSync(join(dir, 'b_dup.gd'))
    await within(3000, 'dup.echo gone', async () => !(await methods()).includes('dup.echo'))
  })

  // what a check costs (about 150 µs for 11 files) is printed here and is the bench's to hold to a target
  it('a check of the folder with ten unchanged files changes nothing and hashes nothing', async () => {
    for (let i = 0; i < 10; i++)
      writeFileSync(join(dir, `probe_${i}.gd`), liveGroup('probe').replaceAll('live.echo', `probe_${i}.echo`))
    await within(
      10_000,
      'ten probe groups',
      async () => (await methods()).filter((m) => m.startsWith('probe_')).length === 10,
    )
    await sleep(3000) // past the two seconds in which a file is also hashed
    const out = (
      await call<{result: {usec: number; changed: boolean; files: number}}>('editor.run_script', {
        code: `var server: Node = EditorInterface.get_base_control().get_tree().root.find_child("BridgeServer", true, false)
var changed := false
var t := Time.get_ticks_usec()
for i in 100:
	changed = server.local_commands.sync() or changed
return {"usec": (Time.get_ticks_usec() - t) / 100.0, "changed": changed, "files": server.local_commands.files().size()}`,
      })
    ).result
    console.log(`      one check of ${out.files} unchanged files: ${out.usec.toFixed(0)} µs`)
    expect(out).to.include({changed: false, files: 11})
    for (let i = 0; i < 10; i++) unlinkSync(join(dir, `probe_${i}.gd`))
    await within(10_000, 'probe groups gone', async () => !(await methods()).some((m) => m.startsWith('probe_')))
  })

  it("a removed file's commands are gone from engine.commands, serve, HTTP and the CLI", async () => {
    const notesBefore = listChanged
    unlinkSync(join(dir, 'live.gd'))
    await within(2000, 'live.echo is gone', async () => !(await methods()).includes('live.echo'))
    // a notification for the probe files of the test before may still arrive: wait for the list itself
    await within(
      3000,
      'serve drops live_echo',
      async () => !(await serve.listTools()).tools.some((t) => t.name === 'live_echo'),
    )
    expect(listChanged).to.be.above(notesBefore)
    expect((await http.listTools()).tools.map((t) => t.name)).to.not.include('live_echo')
    const groups = (await call<{groups: Json[]}>('engine.commands')).groups.map((g) => g.name)
    expect(groups).to.not.include('live')
    const viaCli = await runCli(['live', 'echo', '--word', 'cli'], {cwd: fx.editor.root, env, timeoutMs: 90_000})
    expect(viaCli.code).to.not.equal(0)
    expect(viaCli.stderr).to.include("the editor has no method 'live.echo'")
  })
})

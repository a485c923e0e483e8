// runtime.eval is fenced like editor.run_script: the same verdict (lib/guard/script_guard.gd), so a
// snippet sent to the game that writes a file outside the project, saves the project's settings, runs a program,
// kills a process, changes a setting, or names a method or builds code at run time is refused with the same error
// (-32004, same category, line and data as editor.run_script gives for that body) unless allow_unsafe_editor_io is
// given; with it, the same body runs in the game and has its effect, so a miss would show. Either way the body is in
// the audit trail (refused, or started with the note and its outcome). The table covers every category of the rule
// list and fails on one it does not cover; the CLI flag and the MCP tool's parameter carry the allow flag.
import {expect} from 'chai'
import {type ChildProcess, spawn} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {pidAlive} from '../../../src/editor/discovery.js'
import {evaluatingParams, type ParamLike} from '../../support/code-params.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {loadGuardRules} from '../../support/guard.js'

const UNSAFE_REFUSED = -32004

/** One unsafe category: a body with a real effect in the game process, the line the refusal names, and the proof. */
interface Row {
  category: string
  label: string
  code: (outside: string, pid: number) => string
  line: number
  /** Whether the effect happened (checked after the allowed run; false after the refused one). */
  happened: (outside: string, pid: number) => Promise<boolean>
}

const touched = (outside: string, name: string) => async () => existsSync(join(outside, name))
/** Whether process `pid` was killed: gone, or a zombie its parent (this test) has not reaped yet (Linux /proc). */
function killed(pid: number): boolean {
  if (!pidAlive(pid)) return true
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false
  } catch {
    return true
  }
}

describe('runtime.eval is fenced like editor.run_script (real editor, a running game)', function () {
  this.timeout(300_000)
  const fx = useEditor({pristine: false})
  let outside = ''
  let sleeper: ChildProcess
  const inGame = async (code: string) => (await fx.call('runtime.eval', {code})).result
  const ROWS: Row[] = [
    {
      category: 'file_write',
      label: 'a file written outside the project',
      code: (o) =>
        `emit(1)\nvar f = FileAccess.open(${JSON.stringify(join(o, 'written.txt'))}, FileAccess.WRITE)\nf.store_string("x")\nf.close()`,
      line: 2,
      happened: async (o) => touched(o, 'written.txt')(),
    },
    {
      category: 'file_write',
      label: 'the project settings saved',
      code: (o) => `ProjectSettings.save_custom(${JSON.stringify(join(o, 'override.godot'))})`,
      line: 1,
      happened: async (o) => touched(o, 'override.godot')(),
    },
    {
      category: 'program',
      label: 'a program run',
      code: (o) => `OS.execute("touch", [${JSON.stringify(join(o, 'ran'))}])`,
      line: 1,
      happened: async (o) => touched(o, 'ran')(),
    },
    {
      category: 'process_control',
      label: 'another process killed',
      code: (_o, pid) => `OS.kill(${pid})`,
      line: 1,
      happened: async (_o, pid) => killed(pid),
    },
    {
      category: 'editor_settings',
      label: 'a project setting changed',
      code: () => 'var n = 1\nProjectSettings.set_setting("bridge_guard/x", n)',
      line: 2,
      happened: async () => (await inGame('return ProjectSettings.has_setting("bridge_guard/x")')) === true,
    },
    {
      category: 'dynamic_name',
      label: 'a method named at run time',
      code: (o) => `OS.call("exe" + "cute", "touch", [${JSON.stringify(join(o, 'built'))}])`,
      line: 1,
      happened: async (o) => touched(o, 'built')(),
    },
    {
      category: 'runtime_code',
      label: 'code built at run time',
      code: (o) =>
        `var s = GDScript.new()\ns.source_code = ${JSON.stringify(`extends RefCounted\nfunc _init():\n\tOS.execute("touch", [${JSON.stringify(join(o, 'compiled'))}])\n`)}\ns.reload()\ns.new()`,
      line: 1,
      happened: async (o) => touched(o, 'compiled')(),
    },
  ]

  before(async () => {
    outside = mkdtempSync(join(tmpdir(), 'bridge-eval-guard-'))
    await fx.game.play()
  })
  beforeEach(() => {
    sleeper = spawn('sleep', ['3600'], {stdio: 'ignore'}) // the process a refused kill must leave alive
  })
  afterEach(() => {
    sleeper?.kill('SIGKILL')
  })
  after(async () => {
    await fx.game.stop()
    if (outside) rmSync(outside, {recursive: true, force: true})
  })

  const trail = async (): Promise<Json[]> => (await fx.call('editor.audit', {limit: 200})).entries as Json[]
  const marked = (code: string, marker: string) => `# ${marker}\n${code}`

  it('covers every category of the guard’s rule list', () => {
    expect([...new Set(ROWS.map((r) => r.category))]).to.have.members(Object.keys(loadGuardRules().categories))
  })

  for (const row of ROWS) {
    it(`${row.category} (${row.label}): refused without the flag as editor.run_script refuses it, audited, no effect`, async () => {
      const marker = `eval_guard_refused_${row.category}_${Date.now()}`
      // the marker comment is line 1: the refusal's line is one further down
      const code = marked(row.code(outside, sleeper.pid!), marker)
      const error = await fx.rpcError('runtime.eval', {code})
      expect(error.rpcCode, error.message).to.equal(UNSAFE_REFUSED)
      const data = error.rpcData as Json
      expect(data).to.include({category: row.category, line: row.line + 1})
      expect(error.message)
        .to.match(/^runtime\.eval refused \(/)
        .and.include(`: line ${row.line + 1}: `)
        .and.include('--allow-unsafe-editor-io')
      // the same verdict as editor.run_script's, not a copy of it
      const editorSide = await fx.rpcError('editor.run_script', {code})
      expect(editorSide.rpcCode).to.equal(UNSAFE_REFUSED)
      expect(editorSide.rpcData).to.deep.equal(data)
      expect(editorSide.message.replace('editor.run_script', 'runtime.eval')).to.equal(error.message)
      const mine = (await trail()).filter((e) => e.kind === 'runtime.eval' && String(e.body ?? '').includes(marker))
      expect(mine, 'one refused entry in the trail').to.have.length(1)
      expect(mine[0]).to.include({outcome: 'refused', category: row.category, line: row.line + 1})
      expect(await row.happened(outside, sleeper.pid!), 'the refused body had its effect').to.equal(false)
    })

    it(`${row.category} (${row.label}): runs with allow_unsafe_editor_io and has its effect, audited with its outcome`, async () => {
      const marker = `eval_guard_allowed_${row.category}_${Date.now()}`
      const code = marked(row.code(outside, sleeper.pid!), marker)
      await fx.call('runtime.eval', {code, allow_unsafe_editor_io: true})
      expect(await row.happened(outside, sleeper.pid!), 'the allowed body had no effect').to.equal(true)
      const entries = await trail()
      const started = entries.find((e) => e.kind === 'runtime.eval' && String(e.body ?? '').includes(marker))
      expect(started).to.include({outcome: 'started', note: 'unsafe editor io allowed'})
      expect(entries.find((e) => e.id === started!.id && e.outcome === 'ok')).to.not.equal(undefined)
    })
  }

  it('runs what the guard lets through with no flag (reads, the game’s own state)', async () => {
    const out = await fx.call('runtime.eval', {
      code: 'emit(OS.get_process_id() > 0)\nemit(FileAccess.open("res://project.godot", FileAccess.READ) != null)\nreturn scene.name',
    })
    expect(out.emitted).to.deep.equal([true, true])
    expect(out.result).to.be.a('string')
  })

  it('guards every other parameter the game or its debugger evaluates, with no flag (the refusal points to runtime.eval)', async () => {
    const file = join(outside, 'expression-ran')
    const unsafe = `OS.execute("touch", [${JSON.stringify(file)}]) == 0`
    const calls: Record<string, Json> = {
      'runtime.wait_until.condition': {condition: unsafe, timeout_ms: 100},
      'runtime.step.until': {frames: 1, until: unsafe},
      'runtime.step.watch': {frames: 1, watch: ['1', unsafe]},
      'runtime.record.watch': {mode: 'start', path: 'user://runs/guarded.jsonl', watch: [unsafe]},
      'debug.evaluate.expression': {expression: unsafe},
    }
    const {commands} = await fx.call<{commands: {method: string; params: ParamLike[]}[]}>('engine.commands')
    const flagged = new Set(
      commands.filter((c) => c.params.some((p) => p.name === 'allow_unsafe_editor_io')).map((c) => c.method),
    )
    const unflagged = evaluatingParams(commands)
      .filter(([method]) => !flagged.has(method))
      .map(([method, p]) => `${method}.${p.name}`)
    expect(Object.keys(calls)).to.have.members(unflagged)
    expect([...flagged]).to.have.members(['editor.run_script', 'runtime.eval'])
    for (const [key, params] of Object.entries(calls)) {
      const method = key.split('.').slice(0, 2).join('.')
      const error = await fx.rpcError(method, params)
      expect(error.rpcCode, `${key}: ${error.message}`).to.equal(UNSAFE_REFUSED)
      expect(error.message, key)
        .to.include(`${method} refused (program)`)
        .and.include('runtime.eval and allow_unsafe_editor_io')
      expect((error.rpcData as Json).category, key).to.equal('program')
    }
    expect(existsSync(file), 'a refused expression ran').to.equal(false)
  })

  it('carries the flag from the CLI (--allow-unsafe-editor-io) and the MCP tool (allow_unsafe_editor_io)', async () => {
    const cliFile = join(outside, 'cli.txt')
    const body = `OS.execute("touch", [${JSON.stringify(cliFile)}])`
    const refused = await fx.cli(['runtime', 'eval', '--code', body, '--json'])
    expect(refused.code, refused.stdout).to.not.equal(0)
    expect(refused.stdout + refused.stderr, refused.stdout + refused.stderr).to.include(
      'runtime eval refused (program)',
    )
    expect(existsSync(cliFile)).to.equal(false)
    const allowed = await fx.cli(['runtime', 'eval', '--code', body, '--allow-unsafe-editor-io', '--json'])
    expect(allowed.code, allowed.stdout + allowed.stderr).to.equal(0)
    expect(existsSync(cliFile)).to.equal(true)

    const mcp = await fx.mcpServe({name: 'eval-guard'})
    try {
      const {tools} = await mcp.listTools()
      const tool = tools.find((t) => t.name === 'runtime_eval')
      expect(tool?.inputSchema.properties, 'runtime_eval lists the flag').to.have.property('allow_unsafe_editor_io')
      const mcpFile = join(outside, 'mcp.txt')
      const code = `OS.execute("touch", [${JSON.stringify(mcpFile)}])`
      const no = await mcp.callTool({name: 'runtime_eval', arguments: {code}})
      expect(no.isError).to.equal(true)
      expect(existsSync(mcpFile)).to.equal(false)
      const yes = await mcp.callTool({name: 'runtime_eval', arguments: {code, allow_unsafe_editor_io: true}})
      expect(yes.isError, JSON.stringify(yes.content)).to.not.equal(true)
      expect(existsSync(mcpFile)).to.equal(true)
    } finally {
      await mcp.close()
    }
  })
})

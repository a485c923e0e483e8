// The small things a new user meets first: `bridge --help` describes the input-map topic by its group; `bridge
// status` on a project without the addon says to install it (what `bridge launch` would say) instead of sending
// the user to launch; `--help` of a project-local command answers from the running editor; `--value null` is a
// value (no resource), not a missing parameter; and on an 80-column terminal `runtime tree`, `engine class-info`
// and `scene tree` print every value whole, within the width.
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {BRIDGE_BIN, parseJson, runCli} from '../../support/cli.js'
import {childPids} from '../../support/editor.js'
import {useEditor} from '../../support/fixture.js'

const GREET = `@tool
extends "res://addons/bridge/command_group.gd"


func group_summary() -> String:
	return "Greetings"


func commands() -> Array:
	return [
		{
			"method": "greet.hello",
			"summary": "Say hello to someone by name.",
			"params": [req("who", "string", "Whom to greet"), opt("loud", "bool", "Shout it", false)],
			"example": {"who": "Ada"},
			"read_only": true,
			"handler": _hello,
		},
	]


func _hello(p: Dictionary) -> Variant:
	return {"greeting": ("HELLO %s" if p.loud else "hello %s") % p.who}
`

describe('first steps without an editor', function () {
  this.timeout(60_000)
  let base: string
  before(() => (base = mkdtempSync(join(tmpdir(), 'bridge-first-'))))
  after(() => rmSync(base, {recursive: true, force: true}))

  it('bridge --help describes the input-map topic by its group, not by one of its commands', async () => {
    const help = await runCli(['--help'])
    const group = loadCatalog().length > 0 ? 'Input actions and their events' : ''
    const line = help.stdout.split('\n').find((l) => /^\s+input-map\s/.test(l))
    expect(line, help.stdout).to.be.a('string').and.include(group)
    const topic = await runCli(['input-map', '--help'])
    expect(topic.stdout).to.include('Input actions and their events')
  })

  it('bridge status on a project without the addon says to run bridge install --enable', async () => {
    const project = join(base, 'bare')
    mkdirSync(project)
    writeFileSync(join(project, 'project.godot'), 'config_version=5\n\n[application]\n\nconfig/name="bare"\n')
    const status = await runCli(['status', '--json'], {cwd: project})
    expect(status.code).to.equal(13)
    const advice = String(parseJson(status).advice)
    expect(advice).to.include('not installed').and.include('bridge install --project').and.include('--enable')
    // and it is what launch says when it refuses the same project
    const launch = await runCli(['launch', '--headless'], {cwd: project})
    expect(launch.code).to.equal(2)
    expect(launch.stderr).to.include('bridge install --project').and.include('--enable')
  })
})

describe('first steps with an editor (real editor)', function () {
  this.timeout(120_000)
  const fx = useEditor({
    setup: async (f) => {
      mkdirSync(join(f.editor.root, 'bridge_commands'), {recursive: true})
      writeFileSync(join(f.editor.root, 'bridge_commands', 'greet.gd'), GREET)
      const end = Date.now() + 10_000
      while (Date.now() < end) {
        const {commands} = await f.call<{commands: {method: string}[]}>('engine.commands', {group: 'greet'})
        if (commands.some((c) => c.method === 'greet.hello')) return
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error('greet.hello did not register within 10 s')
    },
  })

  it('bridge greet hello --help shows the project-local command’s own help from the running editor', async () => {
    const cwd = fx.editor.root
    const help = await runCli(['greet', 'hello', '--help'], {cwd})
    expect(help.code, help.stderr).to.equal(0)
    expect(help.stdout).to.include('Say hello to someone by name.').and.include('--who').and.include('--[no-]loud')
    expect(help.stderr).not.to.include('no command or topic')
    const ran = await runCli(['greet', 'hello', '--who', 'Ada', '--loud', '--json'], {cwd})
    expect(parseJson(ran)).to.include({greeting: 'HELLO Ada'})
    const unknown = await runCli(['greet', 'bye', '--help'], {cwd})
    expect(unknown.code).to.equal(2)
    expect(unknown.stderr).to.include("no command or topic 'greet bye'")
  })

  it('--value null clears a resource property (a value, not a missing parameter), and undo brings it back', async () => {
    const cwd = fx.editor.root
    const set = await runCli(
      ['node', 'set', '--node-path', 'Player/Shape', '--property', 'shape', '--value', 'null', '--json'],
      {cwd},
    )
    expect(set.code, set.stderr).to.equal(0)
    expect(set.stderr).not.to.include('missing required parameter')
    const shape = await fx.call<{value: unknown}>('node.get', {node_path: 'Player/Shape', property: 'shape'})
    expect(shape.value).to.equal(null)
    await fx.undo('set Shape.shape')
  })
})

/** Every string and number in a JSON result that a person should find printed whole (keys aside). */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && value !== '') out.push(value)
  else if (Array.isArray(value)) for (const v of value) leaves(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) leaves(v, out)
  return out
}

describe('readable output on an 80-column terminal (real editor, headless game)', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  let game = 0

  /** The CLI with stdout on an 80-column pseudo-terminal. */
  const tty = (args: string[]) => {
    const quoted = [process.execPath, BRIDGE_BIN, ...args].map((a) => `'${a}'`).join(' ')
    const result = spawnSync('script', ['-qec', `stty cols 80; ${quoted}`, '/dev/null'], {
      cwd: fx.editor.root,
      env: {...process.env, NO_COLOR: '1', COLUMNS: '80'},
      encoding: 'utf8',
      timeout: 60_000,
    })
    return result.stdout.replaceAll('\r\n', '\n')
  }

  before(async () => {
    game = (await fx.call<{pid: number}>('scene.play', {display: 'headless'})).pid
  })
  after(async () => {
    await fx.call('scene.stop').catch(() => {})
    for (const pid of [game, ...childPids(fx.editor.pid)]) if (pid) spawnSync('kill', ['-9', String(pid)])
  })

  for (const args of [
    ['runtime', 'tree'],
    ['engine', 'class-info', '--class', 'CharacterBody2D'],
    ['scene', 'tree'],
  ])
    it(`bridge ${args.join(' ')}: no line past 80 columns, no value cut, JSON unchanged off a terminal`, async () => {
      const text = tty(args)
      const json = await runCli([...args, '--json'], {cwd: fx.editor.root})
      expect(json.code, json.stderr).to.equal(0)
      const piped = await runCli(args, {cwd: fx.editor.root})
      expect(piped.stdout, 'piped output is the same JSON').to.equal(json.stdout)
      const result = parseJson(json)
      expect(text).not.to.include('…')
      const lines = text.split('\n')
      for (const line of lines) expect(line.length, `wider than 80: ${line}`).to.be.at.most(80)
      const values = leaves(result).filter((v) => !/^\/root/.test(v)) // node paths are the tree's own shape
      expect(values.length).to.be.above(5)
      // a value that fits a line is on one line; a longer one wraps at its spaces, every character kept
      const flowing = lines.map((l) => l.replace(/^[\s│├└─-]+/, '')).join(' ')
      for (const v of values)
        if (v.length <= 60)
          expect(
            lines.some((l) => l.includes(v)),
            `'${v}' is printed whole on one line`,
          ).to.equal(true)
        else expect(flowing, `'${v}' is printed whole, wrapped at its spaces`).to.include(v)
      if (args[1] === 'class-info') {
        expect(text).to.match(/^methods \(\d+\):$/m)
        expect(text).to.include('motion_mode: CharacterBody2D.MotionMode')
      }
      if (args[0] === 'runtime') expect(text).to.match(/└─ Main \(Node2D; scene res:\/\/scenes\/main.tscn\)/)
    })
})

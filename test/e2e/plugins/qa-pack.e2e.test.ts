// The QA pack (plugins/qa) installed as a user would, into a throwaway oclif home: linked, then by path.
// `bridge qa smoke` plays the demo scene in a game with a renderer (editor under Xvfb), drives input,
// captures frames and passes; on a scene that logs errors and on one whose script errors it fails with a
// readable report and a JSON one. `qa_smoke` is a tool of `bridge serve` next to the addon's. Uninstalling
// drops the commands from --help and completion. Every game is stopped.
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseJson} from '../../support/cli.js'
import {DEMO_PROJECT, REPO_ROOT} from '../../support/editor.js'
import {type Json, useEditor} from '../../support/fixture.js'
import {PACKS_DIR, type PackHome, openServe, packHome, toolJson} from '../../support/packs.js'

const SCENE = (script: string) => `[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://scripts/${script}" id="1"]

[node name="Broken" type="Node2D"]
script = ExtResource("1")
`
/** Logs two errors and keeps running. */
const LOGS_ERRORS = `extends Node2D


func _ready() -> void:
	push_error("qa fixture: the level data is missing")
	printerr("qa fixture: not an error entry, just stderr")


func _process(_delta: float) -> void:
	if Engine.get_process_frames() == 3:
		push_error("qa fixture: frame 3 went wrong")
`
/** A runtime script error (a call on null) a few frames in: the debugger stops the game there. */
const SCRIPT_ERROR = `extends Node2D

var target: Node = null


func _process(_delta: float) -> void:
	if Engine.get_process_frames() > 5:
		target.queue_free()
`
const INPUT = JSON.stringify([
  {type: 'action', action: 'move_right', pressed: true},
  {type: 'wait', frames: 10},
  {type: 'action', action: 'move_right', pressed: false},
])

describe('QA pack: bridge qa smoke and qa_smoke (real editor, running game)', function () {
  this.timeout(300_000)
  const fx = useEditor({
    pristine: false,
    startTimeoutMs: 240_000,
    xvfb: 'if-available',
    async prepare() {
      fixture = mkdtempSync(join(tmpdir(), 'bridge-qa-fixture-'))
      cpSync(DEMO_PROJECT, fixture, {recursive: true})
      writeFileSync(join(fixture, 'scripts', 'logs_errors.gd'), LOGS_ERRORS)
      writeFileSync(join(fixture, 'scripts', 'script_error.gd'), SCRIPT_ERROR)
      writeFileSync(join(fixture, 'scenes', 'logs_errors.tscn'), SCENE('logs_errors.gd'))
      writeFileSync(join(fixture, 'scenes', 'script_error.tscn'), SCENE('script_error.gd'))
      return {fixture}
    },
  })
  let fixture: string
  let home: PackHome

  before(async () => {
    home = packHome()
    await home.install('qa', 'link')
  })
  after(async function () {
    this.timeout(60_000)
    home?.remove()
    rmSync(fixture, {recursive: true, force: true})
  })

  it('shows qa smoke in bridge --help, in completion and with its own --help once linked', async () => {
    const help = await home.cli(['--help'])
    expect(help.stdout).to.match(/^\s+qa\s+Quality checks against the running game/m)
    const own = await home.cli(['qa', 'smoke', '--help'])
    expect(own.code).to.equal(0)
    expect(own.stdout).to.include('--scene')
    expect(await home.complete('qa')).to.include('smoke')
  })

  it('passes on the demo scene: input delivered, frames captured, no errors, the game stopped', async () => {
    const out = join(fixture, 'qa-out')
    const result = await home.cli(
      ['qa', 'smoke', '--scene', 'res://scenes/main.tscn', '--input', INPUT, '--out', out, '--project', fx.editor.root],
      {timeoutMs: 240_000},
    )
    expect(result.code, result.stdout + result.stderr).to.equal(0)
    expect(result.stdout).to.match(/qa smoke res:\/\/scenes\/main\.tscn: passed/)
    expect(result.stdout).to.include('2 of 3 events delivered') // the wait is not an event
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))
    expect(report).to.include({ok: true, scene: 'res://scenes/main.tscn'})
    expect(report.input.delivered).to.deep.equal(['action move_right pressed', 'action move_right released'])
    expect(report.errors).to.deep.equal([])
    if (fx.xvfb) {
      expect(report.frames.count).to.equal(3)
      for (const f of report.frames.items) {
        expect(existsSync(f.file), f.file).to.equal(true)
        expect(readFileSync(f.file).subarray(1, 4).toString()).to.equal('PNG')
      }
    } else expect(report.frames.skipped).to.include('headless')
    expect((await fx.editor.client.call<Json>('scene.is_playing')).playing).to.equal(false)
  })

  it('fails with a readable report and a JSON one on a scene that logs errors', async () => {
    const result = await home.cli(
      ['qa', 'smoke', '--scene', 'res://scenes/logs_errors.tscn', '--frames', '1', '--project', fx.editor.root],
      {
        timeoutMs: 240_000,
      },
    )
    expect(result.code, result.stdout + result.stderr).to.equal(1)
    expect(result.stdout).to.match(/FAILED \(2 problems\)/)
    expect(result.stdout).to.include('✗ error: qa fixture: the level data is missing (res://scripts/logs_errors.gd:5)')
    expect(result.stdout).to.include('qa fixture: frame 3 went wrong')
    const json = await home.cli(
      [
        'qa',
        'smoke',
        '--scene',
        'res://scenes/logs_errors.tscn',
        '--frames',
        '0',
        '--json',
        '--project',
        fx.editor.root,
      ],
      {timeoutMs: 240_000},
    )
    expect(json.code).to.equal(1)
    const report = parseJson<Json>(json)
    expect(report.ok).to.equal(false)
    expect(report.errors.map((e: Json) => e.message)).to.deep.equal([
      'qa fixture: the level data is missing',
      'qa fixture: frame 3 went wrong',
    ])
    expect(report.errors[0].where).to.equal('res://scripts/logs_errors.gd:5')
    expect((await fx.editor.client.call<Json>('scene.is_playing')).playing).to.equal(false)
  })

  it('fails on a scene whose script errors, naming the error and where the game stopped', async () => {
    const result = await home.cli(
      [
        'qa',
        'smoke',
        '--scene',
        'res://scenes/script_error.tscn',
        '--frames',
        '0',
        '--settle-ms',
        '1500',
        '--json',
        '--project',
        fx.editor.root,
      ],
      {timeoutMs: 240_000},
    )
    expect(result.code, result.stderr).to.equal(1)
    const report = parseJson<Json>(result)
    expect(report.ok).to.equal(false)
    expect(report.stopped_at.where).to.equal('res://scripts/script_error.gd:8')
    expect(report.stopped_at.reason).to.match(/queue_free|null/i)
    expect(report.problems[0]).to.include('the game stopped on a script error')
    expect((await fx.editor.client.call<Json>('scene.is_playing')).playing).to.equal(false)
  })

  it('is an MCP tool of bridge serve next to the addon tools, and reports the same failure', async () => {
    const session = await openServe(fx.editor.root, home.env)
    try {
      const names = (await session.client.listTools()).tools.map((t) => t.name)
      expect(names).to.include.members(['qa_smoke', 'node_add', 'scene_play', 'engine_run'])
      const failed = toolJson(
        await session.client.callTool(
          {name: 'qa_smoke', arguments: {scene: 'res://scenes/logs_errors.tscn', frames: 0}},
          undefined,
          {
            timeout: 240_000,
          },
        ),
      )
      expect(failed.ok).to.equal(false)
      expect(failed.errors[0].message).to.equal('qa fixture: the level data is missing')
      const refused = await session.client.callTool({name: 'qa_smoke', arguments: {scene: 'x', frames: 'many'}})
      expect(refused.isError).to.equal(true)
    } finally {
      await session.close()
    }
    expect((await fx.editor.client.call<Json>('scene.is_playing')).playing).to.equal(false)
  })

  it('uninstalls (linked), installs by path, and uninstalls: --help and completion follow', async () => {
    await home.uninstall('bridge-plugin-qa')
    expect((await home.cli(['--help'])).stdout).to.not.match(/^\s+qa\s/m)
    expect(await home.complete('qa')).to.deep.equal([])
    const gone = await home.cli(['qa', 'smoke', '--scene', 'main'])
    expect(gone.code).to.not.equal(0)
    await home.install('qa', 'path')
    expect((await home.cli(['plugins'])).stdout).to.include('bridge-plugin-qa')
    expect((await home.cli(['--help'])).stdout).to.match(/^\s+qa\s+Quality checks/m)
    expect(await home.complete('qa')).to.include('smoke')
    const session = await openServe(fx.editor.root, home.env)
    try {
      expect((await session.client.listTools()).tools.map((t) => t.name)).to.include.members(['qa_smoke', 'node_add'])
    } finally {
      await session.close()
    }
    await home.uninstall('bridge-plugin-qa')
    expect((await home.cli(['--help'])).stdout).to.not.match(/^\s+qa\s/m)
    expect(await home.complete('qa')).to.deep.equal([])
  })

  it('installs from a packed tarball, as from npm: the pack gets bridge-godot from the data directory', async () => {
    const packed = mkdtempSync(join(tmpdir(), 'bridge-qa-tgz-'))
    try {
      execFileSync('npm', ['pack', '--pack-destination', packed, '--silent'], {
        cwd: join(PACKS_DIR, 'qa'),
        stdio: 'pipe',
      })
      const tarball = join(packed, 'bridge-plugin-qa-0.1.0.tgz')
      const installed = await home.cli(['plugins', 'install', `file:${tarball}`], {timeoutMs: 180_000})
      expect(installed.code, installed.stderr).to.equal(0)
      const copy = join(home.env.XDG_DATA_HOME, 'bridge', 'node_modules')
      expect(realpathSync(join(copy, 'bridge-plugin-qa'))).to.equal(join(realpathSync(copy), 'bridge-plugin-qa')) // a copy, not a link
      expect(realpathSync(join(copy, 'bridge-godot'))).to.equal(realpathSync(REPO_ROOT))
      const help = await home.cli(['qa', 'smoke', '--help'])
      expect(help.code, help.stderr).to.equal(0)
      const session = await openServe(fx.editor.root, home.env)
      try {
        expect((await session.client.listTools()).tools.map((t) => t.name)).to.include('qa_smoke')
      } finally {
        await session.close()
      }
      await home.uninstall('bridge-plugin-qa')
      expect((await home.cli(['--help'])).stdout).to.not.match(/^\s+qa\s/m)
    } finally {
      rmSync(packed, {recursive: true, force: true})
    }
  })
})

// What a person sees on a terminal (a pseudo-terminal via script(1)): the scene tree indented, property
// tables with their values and floats in their shortest form, whole docs with code indentation kept, and,
// outside any project, a line on stderr naming the project the answering editor serves.
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {BRIDGE_BIN} from '../../support/cli.js'
import {useEditor} from '../../support/fixture.js'

describe('CLI human output on a terminal (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      outside = mkdtempSync(join(tmpdir(), 'bridge-tty-'))
      return {env: {BRIDGE_WS_PORT: port}}
    },
  })
  let outside: string
  const port = String(45000 + Math.floor(Math.random() * 4000))

  /** Runs the CLI with stdout on a terminal; stderr is kept apart in a file. */
  const tty = (args: string[], cwd: string) => {
    const quoted = [process.execPath, BRIDGE_BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')
    const err = join(outside, 'stderr.txt')
    const result = spawnSync('script', ['-qec', `${quoted} 2>${err}`, '/dev/null'], {
      cwd,
      env: {...process.env, NO_COLOR: '1', BRIDGE_WS_PORT: port, COLUMNS: '160'},
      encoding: 'utf8',
      timeout: 60_000,
    })
    const stderr = spawnSync('cat', [err], {encoding: 'utf8'}).stdout
    return {code: result.status, stdout: result.stdout.replaceAll('\r\n', '\n'), stderr}
  }

  after(async () => {
    rmSync(outside, {recursive: true, force: true})
  })

  it('bridge scene tree prints an indented tree', () => {
    const {code, stdout} = tty(['scene', 'tree'], fx.editor.root)
    expect(code).to.equal(0)
    expect(stdout).to.include('Main (Node2D)')
    expect(stdout).to.match(/├─ Player \(CharacterBody2D; script res:\/\/scripts\/player\.gd; groups players\)/)
    expect(stdout).to.match(/│ {2}├─ Body \(ColorRect\)/)
  })

  it('bridge node properties shows values, floats in their shortest form', () => {
    const {code, stdout} = tty(
      ['node', 'properties', '--node-path', 'Player/Body', '--filter', 'color'],
      fx.editor.root,
    )
    expect(code).to.equal(0)
    expect(stdout).to.match(/name\s+type\s+value/)
    expect(stdout).to.include('[0.2,0.6,1,1]')
    expect(stdout).to.not.include('0.200000002980232')
  })

  it('bridge engine docs prints the whole description, code indentation kept', () => {
    const {code, stdout} = tty(
      ['engine', 'docs', '--class', 'CharacterBody2D', '--member', 'move_and_slide'],
      fx.editor.root,
    )
    expect(code).to.equal(0)
    const json = spawnSync(
      process.execPath,
      [BRIDGE_BIN, 'engine', 'docs', '--class', 'CharacterBody2D', '--member', 'move_and_slide', '--json'],
      {
        cwd: fx.editor.root,
        encoding: 'utf8',
      },
    )
    const text = JSON.stringify(JSON.parse(json.stdout))
    // every line of every text field appears whole on the terminal
    for (const line of [...text.matchAll(/"([^"]{40,})"/g)].flatMap((m) => JSON.parse(`"${m[1]}"`).split('\n')))
      if (line.trim()) expect(stdout).to.include(line)
  })

  it('outside any project, says on stderr which project the editor serves', () => {
    const {code, stderr} = tty(['scene', 'current'], outside)
    expect(code).to.equal(0)
    expect(stderr).to.include(`not inside a Godot project; the editor on port ${port} serves ${fx.editor.root}`)
  })
})

// The CLI as a new user types it, against a real editor: usage errors are JSON under --json like every
// other failure and say what to type instead; value flags read @file and standard input; one value
// grammar for vectors and colours; the editor's messages in the CLI's words, with one `bridge:` prefix.
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {EXIT} from '../../../src/errors.js'
import {BRIDGE_BIN, type CliResult, parseJson, runCli} from '../../support/cli.js'
import {useEditor} from '../../support/fixture.js'

type Failure = {error: {code: string; message: string; exit_code: number; suggestion?: string}}

describe('CLI: usage errors, value input and wording (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      files = mkdtempSync(join(tmpdir(), 'bridge-usage-'))
      return {}
    },
  })
  let files: string
  const cli = (...args: string[]) => runCli([...args, '--json'], {cwd: fx.editor.root})
  const failure = (result: CliResult, code: number = EXIT.usage) => {
    expect(result.code, `${result.stdout}\n${result.stderr}`).to.equal(code)
    return parseJson<Failure>(result).error
  }

  after(async () => {
    rmSync(files, {recursive: true, force: true})
  })

  it('--json: a missing flag, an unknown flag and an unknown command are JSON errors on stdout, exit 2', async () => {
    const [missing, unknown, command] = await Promise.all([
      cli('node', 'set', '--node-path', 'Player'),
      cli('node', 'add', '--class', 'Sprite2D'),
      cli('nod', 'add', '--type', 'Node2D'),
    ])
    expect(failure(missing).message).to.include('missing required flags --property').and.include('--value')
    const flag = failure(unknown)
    expect(flag.message).to.include('unknown flag --class (did you mean --type?)')
    expect(flag.suggestion).to.equal('type')
    expect(failure(command).message).to.include("Did you mean 'bridge node add'")
    for (const r of [missing, unknown, command]) expect(r.stderr).to.match(/^bridge: /)
  })

  it('a positional argument is answered with the flag it should have been', async () => {
    const result = await cli('node', 'set', 'Hero')
    expect(failure(result).message).to.include("unexpected argument 'Hero': flags are named, e.g. --node-path Hero")
  })

  it('bridge run node_add suggests node.add; bridge help nod suggests node', async () => {
    const [run, help] = await Promise.all([cli('run', 'node_add'), runCli(['help', 'nod'], {cwd: fx.editor.root})])
    expect(failure(run).message).to.include("did you mean 'node.add'")
    expect(help.code).to.equal(EXIT.usage)
    expect(help.stderr).to.include("Did you mean 'bridge help node'")
  })

  it('--params @file.json and --params - (standard input); --content @file', async () => {
    const paramsFile = join(files, 'params.json')
    writeFileSync(paramsFile, JSON.stringify({type: 'Node2D', name: 'FromFile'}))
    const fromFile = await cli('run', 'node.add', '--params', `@${paramsFile}`)
    expect(parseJson(fromFile).path, fromFile.stderr).to.equal('/root/Main/FromFile')
    const fromStdin = await withStdin(
      ['run', 'node.add', '--params', '-', '--json'],
      '{"type": "Node2D", "name": "FromStdin"}',
      fx.editor.root,
    )
    expect(parseJson(fromStdin).path, fromStdin.stderr).to.equal('/root/Main/FromStdin')
    const contentFile = join(files, 'notes.md')
    writeFileSync(contentFile, '@tool\n  indented\n')
    const written = await cli(
      'project',
      'write-file',
      '--path',
      'res://notes/from_file.md',
      '--content',
      `@${contentFile}`,
    )
    expect(written.code, written.stderr).to.equal(0)
    const read = parseJson(await cli('project', 'read-file', '--path', 'res://notes/from_file.md'))
    expect(read.content).to.equal('@tool\n  indented\n')
    const missing = await cli('project', 'write-file', '--path', 'res://x.md', '--content', '@/no/such/file')
    expect(failure(missing).message).to.include('no such file').and.include('@@')
    await cli('editor', 'undo')
    await cli('editor', 'undo')
  })

  it('one value grammar: (x, y), Vector2(x, y), x,y, [x, y] and {"x", "y"} set the same vector; colours alike', async () => {
    for (const form of ['(1, 2)', 'Vector2(1, 2)', '1,2', '[1, 2]', '{"x": 1, "y": 2}']) {
      const set = await cli('node', 'set', '--node-path', 'Player', '--property', 'position', '--value', form)
      expect(set.code, `${form}: ${set.stderr}`).to.equal(0)
      expect(parseJson(set).value, form).to.deep.equal([1, 2])
    }
    await cli('editor', 'undo') // the later forms set the value it already held: one undo step in all
    for (const form of ['Color(1, 0, 0)', '1,0,0', '(1, 0, 0, 1)', '#ff0000', 'red', '{"r": 1, "g": 0, "b": 0}']) {
      const set = await cli('node', 'set', '--node-path', 'Player/Body', '--property', 'color', '--value', form)
      expect(set.code, `${form}: ${set.stderr}`).to.equal(0)
      expect(parseJson(set).value, form).to.deep.equal([1, 0, 0, 1])
    }
    await cli('editor', 'undo')
    const bad = await cli('node', 'set', '--node-path', 'Player', '--property', 'position', '--value', 'up')
    const message = failure(bad).message
    expect(message).to.include('"(x, y)"').and.include('"Vector2(x, y)"')
  })

  it("the editor's messages in the CLI's words, with one bridge: prefix", async () => {
    const first = await cli('project', 'write-file', '--path', 'res://notes/twice.md', '--content', 'a')
    expect(first.code, first.stderr).to.equal(0)
    const again = await cli('project', 'write-file', '--path', 'res://notes/twice.md', '--content', 'b')
    const error = failure(again, EXIT.commandFailed)
    expect(error.message).to.include('pass --overwrite').and.not.include('overwrite: true')
    const unknown = await cli('node', 'get', '--node-path', 'Player', '--property', 'positon')
    expect(unknown.stderr)
      .to.match(/^bridge: /)
      .and.not.match(/bridge: bridge/)
    expect(unknown.stderr).to.include('bridge node properties lists them')
  })
})

function withStdin(args: string[], input: string, cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BRIDGE_BIN, ...args], {cwd, env: {...process.env, NO_COLOR: '1'}})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({code: code ?? -1, stdout, stderr}))
    child.stdin.end(input)
  })
}

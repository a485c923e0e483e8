// One client configured for real: `bridge configure` writes the stdio entry, and starting exactly the command,
// args and env the config holds gives an MCP server that lists the live editor's tools.
import {expect} from 'chai'
import {existsSync, mkdtempSync, readFileSync, realpathSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

const REPO = resolve(import.meta.dirname, '..', '..')

describe('bridge configure (real editor)', function () {
  this.timeout(180_000)
  let support: {
    startEditor: typeof import('../support/editor.js').startEditor
    runCli: typeof import('../support/cli.js').runCli
    parseJson: typeof import('../support/cli.js').parseJson
  }
  let editor: Awaited<ReturnType<typeof support.startEditor>> | undefined
  let home: string

  before(async function () {
    // the harness and `bridge serve` are built alongside this command: skip until both exist
    if (!existsSync(join(REPO, 'src', 'commands', 'serve.ts'))) this.skip()
    try {
      const [editorModule, cliModule] = await Promise.all([import('../support/editor.js'), import('../support/cli.js')])
      support = {startEditor: editorModule.startEditor, runCli: cliModule.runCli, parseJson: cliModule.parseJson}
    } catch {
      this.skip()
    }
    home = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-configure-home-')))
    editor = await support.startEditor()
  })

  after(async () => {
    await editor?.stop()
    if (home) rmSync(home, {recursive: true, force: true})
  })

  it('starts the configured stdio command as the config says and lists tools from the live editor', async () => {
    const {Client} = await import('@modelcontextprotocol/sdk/client/index.js')
    const {StdioClientTransport, getDefaultEnvironment} = await import('@modelcontextprotocol/sdk/client/stdio.js')

    const result = await support.runCli(['configure', 'claude-code', '--global', '--project', editor!.root, '--json'], {
      env: {HOME: home},
    })
    expect(result.code, result.stderr).to.equal(0)
    const report = support.parseJson<{file: string; action: string}>(result)
    expect(report.file).to.equal(join(home, '.claude.json'))
    expect(report.action).to.equal('created')

    const entry = JSON.parse(readFileSync(report.file, 'utf8')).mcpServers['godot-bridge']
    expect(entry.args.slice(-3)).to.deep.equal(['serve', '--project', editor!.root])
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: {...getDefaultEnvironment(), ...entry.env},
      cwd: home, // clients start servers from their own directory, never the project's
      stderr: 'pipe',
    })
    let serverLog = ''
    transport.stderr?.on('data', (chunk) => (serverLog += chunk))
    const client = new Client({name: 'configure-e2e', version: '0.0.0'})
    try {
      await client.connect(transport)
      const {tools} = await client.listTools()
      expect(tools.map((t) => t.name)).to.include('engine_run')
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- bridge serve stderr ---\n${serverLog}`)
    } finally {
      await client.close()
    }
  })
})

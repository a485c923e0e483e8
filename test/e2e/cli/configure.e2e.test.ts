// One client configured for real: `bridge configure` writes the stdio entry, and starting exactly the command,
// args and env the config holds gives an MCP server that lists the live editor's tools.
import {expect} from 'chai'
import {mkdtempSync, readFileSync, realpathSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseJson, runCli} from '../../support/cli.js'
import {useEditor} from '../../support/fixture.js'

describe('bridge configure (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({
    pristine: false,
    async prepare() {
      home = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-configure-home-')))
      return {}
    },
  })
  const support = {runCli, parseJson}
  let home: string

  after(async () => {
    if (home) rmSync(home, {recursive: true, force: true})
  })

  it('starts the configured stdio command as the config says and lists tools from the live editor', async () => {
    const {Client} = await import('@modelcontextprotocol/sdk/client/index.js')
    const {StdioClientTransport, getDefaultEnvironment} = await import('@modelcontextprotocol/sdk/client/stdio.js')

    const result = await support.runCli(
      ['configure', 'claude-code', '--global', '--project', fx.editor.root, '--json'],
      {
        env: {HOME: home},
      },
    )
    expect(result.code, result.stderr).to.equal(0)
    const report = support.parseJson<{file: string; action: string}>(result)
    expect(report.file).to.equal(join(home, '.claude.json'))
    expect(report.action).to.equal('created')

    const entry = JSON.parse(readFileSync(report.file, 'utf8')).mcpServers['godot-bridge']
    const serve = entry.args.indexOf('serve')
    expect(entry.args.slice(serve, serve + 3)).to.deep.equal(['serve', '--project', fx.editor.root])
    expect(entry.args.slice(serve + 3), 'the toolsets for this client come last').to.deep.equal(['--toolsets', 'all'])
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

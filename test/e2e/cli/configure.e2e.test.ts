// Every client configured for real: `bridge configure` writes the stdio entry into the client's own file and
// format, and starting exactly the command, args and env that file holds gives an MCP server that lists the
// live editor's tools.
import {expect} from 'chai'
import {mkdtempSync, readFileSync, realpathSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseJson, runCli} from '../../support/cli.js'
import {CLIENT_CASES, type Doc} from '../../support/clients.js'
import {useEditor} from '../../support/fixture.js'

describe('bridge configure (real editor)', function () {
  this.timeout(180_000)
  let home: string
  const fx = useEditor({
    pristine: false,
    async prepare() {
      home = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-configure-home-')))
    },
    teardown() {
      if (home) rmSync(home, {recursive: true, force: true})
    },
  })

  // every client: the real CLI writes its file, and exactly the command, args and env that file holds serve tools
  for (const c of CLIENT_CASES) {
    it(`${c.id}: starts the configured stdio command as the config says and lists tools from the live editor`, async () => {
      const {Client} = await import('@modelcontextprotocol/sdk/client/index.js')
      const {StdioClientTransport, getDefaultEnvironment} = await import('@modelcontextprotocol/sdk/client/stdio.js')

      const result = await runCli(['configure', c.id, '--global', '--project', fx.editor.root, '--json'], {
        env: {HOME: home, XDG_CONFIG_HOME: '', CODEX_HOME: ''},
      })
      expect(result.code, result.stderr).to.equal(0)
      const report = parseJson<{file: string; action: string}>(result)
      expect(report.file).to.equal(c.globalFile.linux(home))
      expect(report.action).to.equal('created')

      const entry = (c.parse(readFileSync(report.file, 'utf8'))[c.rootKey] as Doc)['godot-bridge'] as {
        command: string | string[]
        args?: string[]
        env?: Record<string, string>
      }
      // opencode holds the command and its arguments in one array
      const [command, ...args] = Array.isArray(entry.command) ? entry.command : [entry.command, ...(entry.args ?? [])]
      const serve = args.indexOf('serve')
      expect(args.slice(serve, serve + 3)).to.deep.equal(['serve', '--project', fx.editor.root])
      expect(args[serve + 3], 'the toolsets for this client come last').to.equal('--toolsets')
      const transport = new StdioClientTransport({
        command,
        args,
        env: {...getDefaultEnvironment(), ...entry.env},
        cwd: home, // clients start servers from their own directory, never the project's
        stderr: 'pipe',
      })
      let serverLog = ''
      transport.stderr?.on('data', (chunk) => (serverLog += chunk))
      const client = new Client({name: `configure-e2e-${c.id}`, version: '0.0.0'})
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
  }
})

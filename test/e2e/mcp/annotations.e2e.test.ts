// Every tool's annotations, on both MCP surfaces (`bridge serve` over stdio and the addon's POST /mcp), checked
// against its command's declaration as engine.commands gives it — spelled out here, not through the helper that
// builds them: readOnlyHint = read_only, destructiveHint only for a mutating command that loses data,
// idempotentHint for reads and declared idempotent commands, openWorldHint false, and a short title of its own
// where the declaration has one (the router's default, "Node: add to group", says no more than the tool's name).
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import type {Tool} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import type {CommandDoc} from '../../../src/catalog/catalog.js'
import {useEditor} from '../../support/fixture.js'
import {serveParams} from '../../support/serve.js'

/** What MCP says a tool's hints are when it leaves them out. */
const SPEC_DEFAULTS = {readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true}

function checkAgainstDeclarations(surface: string, tools: Tool[], commands: CommandDoc[]): void {
  const byName = new Map(tools.map((t) => [t.name, t]))
  for (const c of commands) {
    const tool = byName.get(c.method.replace('.', '_'))
    const label = `${surface} ${c.method}`
    expect(tool, label).to.not.equal(undefined)
    expect(tool!.annotations, label).to.be.an('object')
    // as a client reads them: a hint left out means MCP's default
    const a = {...SPEC_DEFAULTS, ...tool!.annotations}
    expect(a.readOnlyHint, label).to.equal(c.read_only)
    if (!c.read_only) {
      // the spec gives these meaning only for a tool that writes
      expect(a.destructiveHint, label).to.equal(c.destructive)
      expect(a.idempotentHint, label).to.equal(c.idempotent === true)
    }
    expect(a.openWorldHint, label).to.equal(false)
    expect(c.title, label).to.be.a('string').and.not.equal('')
    const [group, command] = c.method.split('.')
    const routerDefault = `${group
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')}: ${command.replaceAll('_', ' ')}`
    expect(tool!.annotations!.title, label).to.equal(c.title === routerDefault ? undefined : c.title)
    expect(c.title!.length, `${label}: a short title`).to.be.at.most(40)
  }
  // what the declarations say, so a regression in them shows: reads, losses and repeats are all represented
  expect(commands.filter((c) => c.read_only).length).to.be.greaterThan(50)
  expect(commands.filter((c) => c.destructive && !c.read_only).map((c) => c.method)).to.include.members([
    'node.remove',
    'filesystem.delete',
  ])
  expect(commands.filter((c) => !c.read_only && c.idempotent).map((c) => c.method)).to.include.members([
    'node.set',
    'scene.save',
  ])
  expect(commands.find((c) => c.method === 'node.add')?.idempotent, 'node.add adds again').to.equal(false)
}

describe('MCP annotations from declarations (real editor, both surfaces)', function () {
  this.timeout(180_000)
  const fx = useEditor()
  // the declarations as engine.commands gives them (the fixture read them for every group)
  const commands = () => fx.commands as CommandDoc[]

  it('bridge serve: every typed tool carries its declaration', async () => {
    // --toolsets all: every typed tool, whatever the client's name would earn by default
    const client = new Client({name: 'annotations-e2e', version: '1.0.0'})
    await client.connect(new StdioClientTransport(serveParams(fx, ['--toolsets', 'all'])))
    try {
      const {tools} = await client.listTools()
      checkAgainstDeclarations('serve', tools, commands())
      const run = tools.find((t) => t.name === 'engine_run')!.annotations!
      expect(run, 'engine_run can run anything').to.include({readOnlyHint: false, destructiveHint: true})
    } finally {
      await client.close()
    }
  })

  it('the HTTP endpoint: every typed tool carries its declaration', async () => {
    const client = await fx.mcpHttp('annotations-e2e')
    const {tools} = await client.listTools()
    checkAgainstDeclarations('http', tools, commands())
  })
})

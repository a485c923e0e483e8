// MCP speaks in tools, over stdio (bridge serve) and HTTP (the addon's endpoint) alike, with one voice: the same
// serverInfo and instructions (naming tools as they are listed), an unknown tool a JSON-RPC error with a
// did-you-mean, bad arguments in the form the negotiated revision prescribes, the editor's messages naming tools
// (node_properties), not methods, integers written as integers, and every tool's schema one every client takes.
// Nested property paths work through the tools, with undo.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import {useEditor} from '../../support/fixture.js'
import {schemaProblems} from '../../support/schema-rules.js'

const text = (r: unknown) =>
  (r as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')

describe('MCP wording over stdio and HTTP (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor({pristine: false})
  const clients: Record<string, Client> = {}

  before(async () => {
    clients.stdio = await fx.mcpServe({name: 'wording-e2e'})
    clients.http = await fx.mcpHttp('wording-e2e')
  })

  for (const surface of ['stdio', 'http']) {
    it(`${surface}: the server is named godot-bridge`, () => {
      expect(clients[surface].getServerVersion()?.name).to.equal('godot-bridge')
    })

    it(`${surface}: serverInfo and instructions are the other transport's, naming tools as listed`, () => {
      const info = clients[surface].getServerVersion()
      expect(info).to.deep.include({name: 'godot-bridge', title: 'bridge (Godot editor)'})
      expect(info).to.deep.equal(clients[surface === 'stdio' ? 'http' : 'stdio'].getServerVersion())
      const said = clients[surface].getInstructions() ?? ''
      expect(said).to.include('engine_search').and.include('bridge_toolsets').and.include('bridge_find')
      expect(said).to.not.include('engine.search')
    })

    it(`${surface}: an unknown tool is a JSON-RPC error (-32602) with a did-you-mean`, async () => {
      const error = (await clients[surface].callTool({name: 'node_ad', arguments: {}}).then(
        () => ({code: 0, message: 'answered'}),
        (e: {code: number; message: string}) => e,
      )) as {code: number; message: string}
      expect(error.code).to.equal(-32602)
      expect(error.message).to.include("did you mean 'node_add'").and.include('list the tools again')
    })

    it(`${surface}: bad arguments are an isError result in 2025-11-25, worded the same`, async () => {
      const result = await clients[surface].callTool({name: 'node_add', arguments: {name: 'A'}})
      expect(result.isError).to.equal(true)
      expect(text(result)).to.match(/^invalid arguments for node_add: missing required parameter 'type'/)
    })

    it(`${surface}: every tool of every toolset has a schema every client takes`, async () => {
      const {tools} = await clients[surface].listTools()
      expect(tools.length).to.be.greaterThan(300)
      expect(schemaProblems(tools)).to.deep.equal([])
    })

    it(`${surface}: the editor's messages name tools, once`, async () => {
      const result = await clients[surface].callTool({
        name: 'node_get',
        arguments: {node_path: 'Player', property: 'positon'},
      })
      expect(result.isError).to.equal(true)
      expect(text(result)).to.include('node_properties lists them').and.not.include('node.properties')
      expect(text(result)).to.not.match(/node_get failed: node_get:/)
    })

    it(`${surface}: node_set takes a nested property path, undoable`, async () => {
      const set = await clients[surface].callTool({
        name: 'node_set',
        arguments: {node_path: 'Player', property: 'position:y', value: 7},
      })
      expect(set.isError, text(set)).to.not.equal(true)
      expect(JSON.parse(text(set))).to.deep.include({value: 7, previous: 180})
      expect(text(set))
        .to.include('"value":7')
        .and.include('"previous":180')
        .and.not.match(/\d\.0\b/)
      const undo = await clients[surface].callTool({name: 'editor_undo', arguments: {}})
      expect(JSON.parse(text(undo)).action).to.equal('Bridge: set Player.position:y')
    })
  }

  it('http: bad arguments are a JSON-RPC error in 2025-06-18, as that revision says', async () => {
    const response = await fetch(`http://127.0.0.1:${fx.editor.discovery.http_port}/mcp`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18'},
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 42,
        method: 'tools/call',
        params: {name: 'node_add', arguments: {name: 'A'}},
      }),
    })
    const raw = await response.text()
    expect(raw).to.include('"id":42')
    const body = JSON.parse(raw) as {error?: {code: number; message: string}}
    expect(body.error?.code).to.equal(-32602)
    expect(body.error?.message).to.match(/^invalid arguments for node_add: missing required parameter 'type'/)
  })
})

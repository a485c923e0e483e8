// MCP speaks in tools, over stdio (bridge serve) and HTTP (the addon's endpoint) alike: an unknown tool gets
// a did-you-mean, the editor's messages name tools (node_properties), not methods, and the server is named
// godot-bridge as its config entry is. Nested property paths work through the tools, with undo.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'

import {useEditor} from '../../support/fixture.js'

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

    it(`${surface}: an unknown tool gets a did-you-mean`, async () => {
      const result = await clients[surface].callTool({name: 'node_ad', arguments: {}})
      expect(result.isError).to.equal(true)
      expect(text(result)).to.include("did you mean 'node_add'")
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
      const undo = await clients[surface].callTool({name: 'editor_undo', arguments: {}})
      expect(JSON.parse(text(undo)).action).to.equal('Bridge: set Player.position:y')
    })
  }
})

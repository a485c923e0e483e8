// createServer() with no editor running, through the SDK's own Client over an in-memory transport:
// prompts are served, the tool list falls back to the catalog, and calls and reads say the editor is closed.
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'
import {mkdtempSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {createServer as createTcpServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {serveInMemory} from '../../support/serve-in-memory.js'
import {CORE_TOOLSET, TOOLSETS} from '../../../src/mcp/toolsets.js'

async function freePort(): Promise<number> {
  const server = createTcpServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const {port} = server.address() as {port: number}
  await new Promise((r) => server.close(r))
  return port
}

describe('mcp server with the editor down (in-memory client)', () => {
  let dir: string
  let client: Client
  let cleanup: () => Promise<void>
  const savedPort = process.env.BRIDGE_WS_PORT

  before(async () => {
    process.env.BRIDGE_WS_PORT = String(await freePort()) // nothing listens there: never another editor
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-serve-unit-')))
    writeFileSync(join(dir, 'project.godot'), 'config_version=5\n')
    ;({client, close: cleanup} = await serveInMemory(dir))
  })
  after(async () => {
    await cleanup?.()
    rmSync(dir, {recursive: true, force: true})
    if (savedPort === undefined) delete process.env.BRIDGE_WS_PORT
    else process.env.BRIDGE_WS_PORT = savedPort
  })

  it('serves the prompts', async () => {
    const {prompts} = await client.listPrompts()
    expect(prompts.map((p) => p.name)).to.deep.equal([
      'bug-hunt',
      'discover-then-drive',
      'launch-recovery',
      'spatial-placement',
    ])
    const got = await client.getPrompt({name: 'discover-then-drive'})
    const text = (got.messages[0].content as {text: string}).text
    expect(text).to.include('`scene_tree`') // a listed tool by its name, not the method
    expect(text).to.include('`engine_run {"method": "engine.class_info"}`') // one the core does not list
  })

  it('lists engine_run, bridge_toolsets, bridge_find and the core of the catalog as typed tools until an editor answers', async () => {
    const {tools} = await client.listTools()
    expect(tools.slice(0, 3).map((t) => t.name)).to.deep.equal(['engine_run', 'bridge_toolsets', 'bridge_find'])
    const core = TOOLSETS.toolsets.find((t) => t.name === CORE_TOOLSET)!.methods!
    const inCore = loadCatalog().filter((c) => core.includes(c.method))
    expect(inCore.length).to.equal(core.length)
    expect(tools.slice(3).map((t) => t.name)).to.deep.equal(inCore.map((c) => c.method.replace('.', '_')))
  })

  it('answers a call with isError and the closed verdict, and a resource read with the same', async () => {
    const result = await client.callTool({name: 'engine_version', arguments: {}})
    expect(result.isError).to.equal(true)
    expect((result.content as {text: string}[])[0].text).to.match(/^editor closed: .*bridge launch/)
    const error = await client.readResource({uri: 'engine://project/info'}).catch((e: Error) => e)
    expect((error as Error).message).to.include('editor closed')
    const unknown = await client.readResource({uri: 'engine://nope'}).catch((e: Error) => e)
    expect((unknown as Error).message).to.include('unknown resource engine://nope')
  })

  it('lists the five engine:// resources as JSON', async () => {
    const {resources} = await client.listResources()
    expect(resources.map((r) => r.uri)).to.deep.equal([
      'engine://project/info',
      'engine://project/tree',
      'engine://scene/tree',
      'engine://engine/singletons',
      'engine://editor/errors',
    ])
    for (const r of resources) expect(r.mimeType).to.equal('application/json')
  })
})

// serve's MCP server (createServer) for `projectRoot`, with a 1.x SDK client linked to it in memory: the unit
// tests' way to talk to serve without a process. `prepare` runs on the client before it connects (e.g. to
// register a notification handler that must hear the first list_changed); `toolsets` is --toolsets (default:
// the client's, the small core for this unknown client).
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js'

import {createServer} from '../../src/mcp/index.js'

export interface InMemoryServe {
  client: Client
  /** Closes the client, then the server and its editor link. */
  close: () => Promise<void>
}

export async function serveInMemory(
  projectRoot: string,
  prepare?: (client: Client) => void,
  toolsets?: string[],
): Promise<InMemoryServe> {
  // serve relays every request to the editor; with none up it gives its early answers (the unit tests' case),
  // and what the editor answers is proven against a real one by test/e2e/mcp
  const created = createServer({projectRoot, log: () => {}, toolsets})
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await created.server.connect(serverSide as never)
  const client = new Client({name: 'unit', version: '1'})
  prepare?.(client)
  await client.connect(clientSide)
  return {
    client,
    close: async () => {
      await client.close()
      await created.cleanup()
    },
  }
}

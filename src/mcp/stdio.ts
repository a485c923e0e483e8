// Serves the MCP server over stdin/stdout. stdout carries protocol messages only: anything else that
// writes to it (console.log, a plugin's this.log) is diverted to stderr for the life of the server.
// stdin is read before the MCP SDK loads, so `initialize` is answered at once (early-stdio.ts); the SDK
// and the server (index.ts) load meanwhile, and the editor is dialled in the background.
import type {Writable} from 'node:stream'

import {EarlyStdioTransport} from './early-stdio.js'
import type {ServeOptions} from './index.js'

/** Resolves when the client closes stdin or the process is asked to stop. */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const stdout = process.stdout
  const writeProtocol = stdout.write.bind(stdout)
  const protocolOut = {
    write: (chunk: string) => writeProtocol(chunk),
    once: (event: string, listener: () => void) => stdout.once(event, listener),
  } as unknown as Writable
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write

  const transport = new EarlyStdioTransport(process.stdin, protocolOut, options.version ?? '0.0.0')
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve)
    process.stdin.once('close', resolve)
    process.once('SIGTERM', resolve)
    process.once('SIGINT', resolve)
    transport.onclose = () => resolve()
  })
  // a client speaks first (initialize): answer it before evaluating the SDK's modules blocks the event loop
  await Promise.race([transport.firstMessage, new Promise((resolve) => setTimeout(resolve, 100))])
  const [{createServer}, {JSONRPCMessageSchema}] = await Promise.all([
    import('./index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ])
  const {server, cleanup} = createServer(options)
  // connect() calls start() with no argument; the SDK's message schema is handed over first
  const start = transport.start.bind(transport)
  transport.start = () => start((message) => JSONRPCMessageSchema.parse(message) as never)
  await server.connect(transport as never)
  await closed
  await cleanup()
  await server.close().catch(() => {})
}

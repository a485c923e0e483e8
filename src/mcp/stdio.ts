// Serves the MCP server over stdin/stdout. stdout carries protocol messages only: anything else that
// writes to it (console.log, a plugin's this.log) is diverted to stderr for the life of the server.
import type {Writable} from 'node:stream'

import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js'

import {type ServeOptions, createServer} from './index.js'

/** Resolves when the client closes stdin or the process is asked to stop. */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const stdout = process.stdout
  const writeProtocol = stdout.write.bind(stdout)
  const protocolOut = {
    write: (chunk: string) => writeProtocol(chunk),
    once: (event: string, listener: () => void) => stdout.once(event, listener),
  } as unknown as Writable
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write

  const {server, cleanup} = createServer(options)
  const transport = new StdioServerTransport(process.stdin, protocolOut)
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve)
    process.stdin.once('close', resolve)
    process.once('SIGTERM', resolve)
    process.once('SIGINT', resolve)
    transport.onclose = () => resolve()
  })
  await server.connect(transport)
  await closed
  await cleanup()
  await server.close().catch(() => {})
}

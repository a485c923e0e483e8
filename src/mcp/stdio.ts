// Serves the MCP server over stdin/stdout. stdout carries protocol messages only: anything else that
// writes to it (console.log, a plugin's this.log) is diverted to stderr for the life of the server.
// stdin is read before the MCP SDK loads, so a 2025 `initialize` is answered at once (early-stdio.ts); the SDK
// and the server (index.ts) load meanwhile, and the editor is dialled in the background. The SDK's serveStdio
// then owns the era: `server/discover` and 2026-07-28 requests, or a 2025 `initialize` session. Once the client
// is quiet, the heap is compacted (idle-memory.ts).
import type {Writable} from 'node:stream'

import {EarlyStdioTransport} from './early-stdio.js'
import {collectWhenIdle} from './idle-memory.js'
import type {ServeOptions} from './index.js'

/** Resolves when the client closes stdin or the process is asked to stop. */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const stdout = process.stdout
  const writeProtocol = stdout.write.bind(stdout)
  const idle = collectWhenIdle()
  const protocolOut = {
    write: (chunk: string) => (idle.activity(), writeProtocol(chunk)),
    once: (event: string, listener: () => void) => stdout.once(event, listener),
  } as unknown as Writable
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write

  const transport = new EarlyStdioTransport(process.stdin, protocolOut, options.version ?? '0.0.0')
  process.stdin.on('data', idle.activity) // after the transport's own listener: it reads from the first byte
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve)
    process.stdin.once('close', resolve)
    process.once('SIGTERM', resolve)
    process.once('SIGINT', resolve)
    transport.onclose = () => resolve()
  })
  // a client speaks first (initialize): answer it before evaluating the SDK's modules blocks the event loop
  await Promise.race([transport.firstMessage, new Promise((resolve) => setTimeout(resolve, 100))])
  const [{createSurface}, sdk, {parseJSONRPCMessage}] = await Promise.all([
    import('./index.js'),
    import('@modelcontextprotocol/server/stdio'),
    import('@modelcontextprotocol/server'),
  ])
  const surface = createSurface(options)
  // serveStdio calls start() with no argument; the SDK's message check is handed over first
  const start = transport.start.bind(transport)
  transport.start = () => start((message) => parseJSONRPCMessage(message) as never)
  const handle = sdk.serveStdio(surface.factory, {
    transport: transport as never,
    onerror: (error) => options.log?.(`protocol error: ${error.message}`),
  })
  await closed
  // The client closed its end, but it may still read the answers to what it sent last (a relayed tools/list is
  // an editor round trip): they get DRAIN_MS. Then nothing is left to serve: a handle some plugin tool or library
  // still holds, or a close that waits on a call still in flight to the editor, must not keep this process (and
  // its editor connection) alive. Armed before the waits below; unref'd, so a clean exit never waits for it.
  setTimeout(() => process.exit(0), DRAIN_MS + EXIT_GRACE_MS).unref()
  await transport.drained(DRAIN_MS)
  idle.stop()
  process.stdin.off('data', idle.activity) // the transport pauses stdin on close when no one else reads it
  await surface.cleanup()
  await handle.close().catch(() => {})
  setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref()
}

/** How long serve still answers the requests in flight when its client closes stdin. */
const DRAIN_MS = 600

/** How long serve lets pending writes (a last answer on stdout) drain before it exits regardless. */
const EXIT_GRACE_MS = 300

// The stdio transport of `bridge serve`, started before the MCP SDK is loaded: it reads stdin at once and
// answers the client's opening itself — a 2025 `initialize` or a 2026-07-28 `server/discover` (the SDK takes
// most of a second to import) — queues everything else, and hands the queue to the SDK when it connects. The
// SDK still sees that opening (so it pins the era and knows the client), and its own answer is dropped: the
// client gets exactly one.
import type {Writable} from 'node:stream'

import {
  MODERN_PROTOCOL_VERSIONS,
  SERVER_CAPABILITIES,
  SERVER_INSTRUCTIONS,
  serverInfo,
  negotiatedProtocolVersion,
} from './identity.js'

type Message = {jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, unknown>}

/** A discover that names a revision this server speaks in its _meta (else the SDK answers it, with its error). */
function claimsModern(message: Message): boolean {
  const meta = message.params?._meta as Record<string, unknown> | undefined
  return MODERN_PROTOCOL_VERSIONS.includes(meta?.['io.modelcontextprotocol/protocolVersion'] as string)
}

/** The SDK's Transport interface, declared here so this file never imports the SDK. */
export class EarlyStdioTransport {
  onmessage?: (message: Message) => void
  onerror?: (error: Error) => void
  onclose?: () => void

  private buffer = ''
  private readonly queue: Message[] = []
  private started = false
  /** The id of the initialize this transport answered, whose second answer (the SDK's) is dropped. */
  private answeredId?: string | number
  private check: (message: unknown) => Message = (message) => message as Message
  private heard!: () => void
  /** Requests received and not answered yet: a client that closes its end still reads their answers. */
  private readonly pending = new Set<string | number>()
  private settled?: () => void
  /** Resolves at the first message: module loading holds the event loop, so the SDK should load after it. */
  readonly firstMessage = new Promise<void>((resolve) => (this.heard = resolve))

  private readonly onData = (chunk: Buffer | string) => {
    this.buffer += chunk.toString()
    let newline: number
    while ((newline = this.buffer.indexOf('\n')) !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '')
      this.buffer = this.buffer.slice(newline + 1)
      if (line.trim()) this.receive(line)
    }
  }

  private readonly onStdinError = (error: Error) => this.onerror?.(error)

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: Writable,
    private readonly version: string,
  ) {
    stdin.on('data', this.onData)
    stdin.on('error', this.onStdinError)
  }

  /**
   * Called by the SDK server's connect(): from now on messages go to it, the queued ones first. `check` is the
   * SDK's JSON-RPC message schema, applied to every message as the SDK's own stdio transport does.
   */
  async start(check?: (message: unknown) => Message): Promise<void> {
    if (check) this.check = check
    this.started = true
    for (const message of this.queue.splice(0)) this.deliver(message)
  }

  async send(message: Message & {result?: unknown; error?: unknown}): Promise<void> {
    const isResponse = message.method === undefined && ('result' in message || 'error' in message)
    if (isResponse && this.answeredId !== undefined && message.id === this.answeredId) {
      this.answeredId = undefined
      return
    }
    await this.write(message)
    if (isResponse && message.id !== undefined && this.pending.delete(message.id) && this.pending.size === 0)
      this.settled?.()
  }

  /** Resolves once every request received has been answered, or after `ms`. */
  async drained(ms: number): Promise<void> {
    if (this.pending.size === 0) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.settled = () => (clearTimeout(timer), resolve())
    })
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData)
    this.stdin.off('error', this.onStdinError)
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause()
    this.onclose?.()
  }

  private receive(line: string): void {
    let message: Message
    try {
      message = JSON.parse(line) as Message
    } catch (error) {
      this.onerror?.(error as Error)
      return
    }
    if (!this.started && this.answeredId === undefined && message.id !== undefined) {
      if (message.method === 'initialize') this.answerInitialize(message)
      else if (message.method === 'server/discover' && claimsModern(message)) this.answerDiscover(message)
    }
    this.heard()
    if (message.id !== undefined && message.method !== undefined && message.id !== this.answeredId)
      this.pending.add(message.id)
    if (this.started) this.deliver(message)
    else this.queue.push(message)
  }

  private deliver(message: Message): void {
    try {
      this.onmessage?.(this.check(message))
    } catch (error) {
      this.onerror?.(error as Error)
    }
  }

  /** What the SDK's Server answers (server/index.js _oninitialize), from the same constants createServer uses. */
  private answerInitialize(message: Message): void {
    this.answeredId = message.id
    void this.write({
      jsonrpc: '2.0',
      id: message.id,
      result: {
        protocolVersion: negotiatedProtocolVersion(message.params?.protocolVersion),
        capabilities: SERVER_CAPABILITIES,
        serverInfo: serverInfo(this.version),
        instructions: SERVER_INSTRUCTIONS,
      },
    })
  }

  /**
   * What the SDK's serveStdio answers a 2026-07-28 client's `server/discover` (its probe instance's result, with
   * the era encoder's resultType, cache hint and serverInfo stamp), from the same constants createSurface uses.
   */
  private answerDiscover(message: Message): void {
    this.answeredId = message.id
    void this.write({
      jsonrpc: '2.0',
      id: message.id,
      result: {
        supportedVersions: MODERN_PROTOCOL_VERSIONS,
        capabilities: SERVER_CAPABILITIES,
        instructions: SERVER_INSTRUCTIONS,
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        _meta: {'io.modelcontextprotocol/serverInfo': serverInfo(this.version)},
      },
    })
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve()
      else this.stdout.once('drain', resolve)
    })
  }
}

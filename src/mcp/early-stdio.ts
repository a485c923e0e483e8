// The stdio transport of `bridge serve`, started before the MCP SDK is loaded: it reads stdin at once and
// answers the client's `initialize` itself (the SDK takes most of a second to import), queues everything else,
// and hands the queue to the SDK server when it connects. The server still sees that `initialize` (so it knows
// the client), and its own answer to it is dropped: the client gets exactly one.
import type {Writable} from 'node:stream'

import {SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME, negotiatedProtocolVersion} from './identity.js'

type Message = {jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, unknown>}

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
    if (!this.started && this.answeredId === undefined && message.method === 'initialize' && message.id !== undefined)
      this.answerInitialize(message)
    this.heard()
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
        serverInfo: {name: SERVER_NAME, version: this.version},
        instructions: SERVER_INSTRUCTIONS,
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

// The JSON-RPC client of the addon's WebSocket transport. It waits for the addon's `bridge.hello`,
// refuses an editor that serves another project, and turns every failure into a typed error.
import type WebSocket from 'ws'

import {type Discovery, readDiscovery, wsPortFor} from './discovery.js'
import {openAndGreet} from './greeting.js'
import {verdictFor} from './verdicts.js'
import {waitForQuit} from './quit-wait.js'
import {BridgeCliError, EXIT, EngineError, UnreachableError} from '../errors.js'
import {sameDir} from './project.js'

export interface ConnectOptions {
  /** The project this client must drive; the answering editor's project_root must match. */
  projectRoot?: string
  /** Overrides the discovery file / BRIDGE_WS_PORT / 9080. */
  port?: number
  connectTimeoutMs?: number
  /** Who is calling, as the editor's Bridge dock shows it (default "bridge"). */
  clientName?: string
}

export const DEFAULT_TIMEOUT_MS = 30_000
/** WebSocket.OPEN: ws itself loads only when a connection is made, not for `bridge --help`. */
const OPEN = 1

interface Reply {
  id?: number
  method?: string
  params?: unknown
  result?: unknown
  error?: {code: number; message: string; data?: unknown}
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
  method: string
  progress?: CallWaiting['progress']
}

/**
 * A call that waits (scene.play until ready, frames, steps, scenarios, exports, bakes): `progress` asks the editor
 * for `bridge.progress` notifications tied to the request id (the request carries `"progress": true` beside its
 * method); aborting `signal` sends `bridge.cancel {id}`, which ends the editor's wait — the call then settles
 * with the editor's answer (a `cancelled` error, or the result if it finished first).
 */
export interface CallWaiting {
  progress?: (progress: number, total?: number, message?: string) => void
  signal?: AbortSignal
}

/** The addon's notifications for calls that wait (addon/transport/ws: progress out, cancel in). */
export const PROGRESS_NOTIFICATION = 'bridge.progress'
export const CANCEL_NOTIFICATION = 'bridge.cancel'

export class EngineClient {
  private nextId = 1
  /** Refuses a method before it is sent (outside any project: writes); set by the command that dialled. */
  private refusal?: (method: string) => Error | undefined
  private readonly pending = new Map<number, Pending>()
  private readonly notificationListeners: ((method: string, params: unknown) => void)[] = []
  /**
   * The client this connection calls for (`bridge serve`: the MCP client, e.g. claude-code): sent as `client` beside
   * each request's method, so the editor names undo steps and the audit trail after it rather than the connection.
   */
  callingFor?: () => string | undefined

  private constructor(
    private readonly ws: WebSocket,
    public readonly hello: Discovery,
    public readonly port: number,
  ) {
    ws.on('message', (data) => this.onMessage(data.toString()))
    ws.on('close', () => this.failAll(new BridgeCliError('the editor closed the connection', EXIT.running, 'closed')))
    ws.on('error', () => {}) // surfaced through 'close'
  }

  static async connect(options: ConnectOptions = {}): Promise<EngineClient> {
    const port = options.port ?? wsPortFor(options.projectRoot)
    let opened: {ws: WebSocket; hello: Discovery}
    try {
      opened = await openAndGreet(port, options.connectTimeoutMs ?? 5000, options.clientName)
    } catch (error) {
      const verdict = await verdictFor(options.projectRoot, port)
      throw new UnreachableError(
        verdict,
        `cannot reach the editor on 127.0.0.1:${port} (${(error as Error).message})`,
        {
          port,
          project_root: options.projectRoot,
        },
      )
    }
    const client = new EngineClient(opened.ws, opened.hello, port)
    if (options.projectRoot && !sameDir(opened.hello.project_root, options.projectRoot)) {
      client.close()
      const data = {port, expected: options.projectRoot, actual: opened.hello.project_root}
      // No discovery file: this project's editor is not running, whoever holds the fallback port.
      if (!readDiscovery(options.projectRoot))
        throw new UnreachableError(
          'closed',
          `no editor is running for ${options.projectRoot} (no .engine/bridge.json); the editor on port ${port} serves ${opened.hello.project_root}`,
          data,
        )
      throw new BridgeCliError(
        `the editor on port ${port} serves ${opened.hello.project_root}, not ${options.projectRoot}; refusing to act on the wrong project (start this project's editor, or pass its --project)`,
        EXIT.wrongProject,
        'wrong_project',
        data,
      )
    }
    return client
  }

  /** From now on, a method `refuse` answers with an error is refused without reaching the editor. */
  refuseWhen(refuse: (method: string) => Error | undefined): void {
    this.refusal = refuse
  }

  call<T = unknown>(
    method: string,
    params: Record<string, unknown> = {},
    timeoutMs = DEFAULT_TIMEOUT_MS,
    waiting: CallWaiting = {},
  ): Promise<T> {
    const refused = this.refusal?.(method)
    if (refused) return Promise.reject(refused)
    const id = this.nextId++
    const answer = this.awaitReply<T>(id, method, timeoutMs)
    const pending = this.pending.get(id)
    if (pending && waiting.progress) pending.progress = waiting.progress
    const caller = this.callingFor?.()
    const request = {
      jsonrpc: '2.0',
      id,
      method,
      params,
      ...(waiting.progress ? {progress: true} : {}),
      ...(caller ? {client: caller} : {}),
    }
    if (this.ws.readyState === OPEN) this.ws.send(JSON.stringify(request))
    const signal = waiting.signal
    if (signal) {
      const cancel = () => {
        if (this.pending.has(id) && this.ws.readyState === OPEN)
          this.ws.send(JSON.stringify({jsonrpc: '2.0', method: CANCEL_NOTIFICATION, params: {id}}))
      }
      if (signal.aborted) cancel()
      else {
        signal.addEventListener('abort', cancel, {once: true})
        void answer.finally(() => signal.removeEventListener('abort', cancel)).catch(() => {})
      }
    }
    // every surface (CLI, bridge serve, bridge test) calls through here: a quit answers once the editor is gone
    if (method === 'editor.quit')
      return answer.then(async (said) => (await waitForQuit(said, this.hello.project_root)) as T)
    return answer
  }

  /**
   * Several requests as one JSON-RPC batch: the editor runs them one after another, in order, and answers them
   * in one message, so n requests cost one round trip. Each settles on its own (a failed one rejects with its
   * error, the others still resolve); `timeoutMs` is for the whole batch.
   */
  callBatch(
    requests: {method: string; params: Record<string, unknown>}[],
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<PromiseSettledResult<unknown>[]> {
    const batch = requests.map(({method, params}) => ({jsonrpc: '2.0', id: this.nextId++, method, params}))
    const sent = batch.filter(({method}) => !this.refusal?.(method))
    const answers = batch.map(({id, method}) => {
      const refused = this.refusal?.(method)
      return refused ? Promise.reject(refused) : this.awaitReply(id, method, timeoutMs)
    })
    if (sent.length > 0 && this.ws.readyState === OPEN) this.ws.send(JSON.stringify(sent))
    return Promise.allSettled(answers)
  }

  private awaitReply<T>(id: number, method: string, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.ws.readyState !== OPEN) {
        reject(new BridgeCliError('the connection to the editor is closed', EXIT.running, 'closed'))
        return
      }
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(
          new BridgeCliError(
            `${method} did not answer within ${timeoutMs} ms (raise it with --timeout)`,
            EXIT.timeout,
            'timeout',
            {method, timeout_ms: timeoutMs},
          ),
        )
      }, timeoutMs)
      this.pending.set(id, {resolve: resolve as (v: unknown) => void, reject, timer, method})
    })
  }

  get isOpen(): boolean {
    return this.ws.readyState === OPEN
  }

  onClose(listener: () => void): void {
    this.ws.on('close', listener)
  }

  /** Called for every notification the editor sends after its greeting, e.g. `bridge.commands_changed`. */
  onNotification(listener: (method: string, params: unknown) => void): void {
    this.notificationListeners.push(listener)
  }

  close(): void {
    this.ws.close()
  }

  private onMessage(text: string): void {
    let parsed: Reply | Reply[]
    try {
      parsed = JSON.parse(text) as Reply | Reply[]
    } catch {
      return
    }
    for (const msg of Array.isArray(parsed) ? parsed : [parsed]) if (msg && typeof msg === 'object') this.onReply(msg)
  }

  private onReply(msg: Reply): void {
    if (msg.id === undefined && typeof msg.method === 'string') {
      if (msg.method === PROGRESS_NOTIFICATION) {
        const p = msg.params as {id?: number; progress?: number; total?: number; message?: string} | undefined
        if (typeof p?.id === 'number' && typeof p.progress === 'number')
          this.pending.get(p.id)?.progress?.(p.progress, p.total, p.message)
        return
      }
      for (const listener of this.notificationListeners) listener(msg.method, msg.params)
      return
    }
    if (typeof msg.id !== 'number') return
    const waiting = this.pending.get(msg.id)
    if (!waiting) return // late reply to a request that timed out: never handed to the next call
    this.pending.delete(msg.id)
    clearTimeout(waiting.timer)
    if (msg.error) waiting.reject(new EngineError(msg.error.code, msg.error.message, msg.error.data))
    else waiting.resolve(msg.result)
  }

  private failAll(error: Error): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer)
      waiting.reject(error)
      this.pending.delete(id)
    }
  }
}

// Typed CLI failures: every one carries a stable exit code (docs/errors.md) and, for connection
// failures, the editor's verdict so a person or an agent knows what to do next.

export type Verdict = 'running' | 'starting' | 'crashed' | 'closed'

export const EXIT = {
  ok: 0,
  commandFailed: 1,
  usage: 2,
  wrongProject: 3,
  timeout: 4,
  running: 10,
  starting: 11,
  crashed: 12,
  closed: 13,
} as const

export const VERDICT_ADVICE: Record<Verdict, string> = {
  running: 'the editor is listening but did not answer; retry, or check the editor output for errors',
  starting: 'the editor process is alive but not listening yet; wait a few seconds and retry',
  crashed: 'the editor died without cleaning up; start it again with `bridge launch`',
  closed:
    'no editor is running for this project; start one with `bridge launch` (or open it in Godot with the bridge addon enabled)',
}

export class BridgeCliError extends Error {
  constructor(
    message: string,
    public readonly exitCode: number,
    public readonly code: string,
    public readonly data: Record<string, unknown> = {},
  ) {
    super(message)
  }

  toJSON(): Record<string, unknown> {
    return {error: {code: this.code, message: this.message, exit_code: this.exitCode, ...this.data}}
  }
}

/** The editor could not be reached; `verdict` says why. */
export class UnreachableError extends BridgeCliError {
  constructor(
    public readonly verdict: Verdict,
    detail: string,
    data: Record<string, unknown> = {},
  ) {
    super(`editor ${verdict}: ${detail}; ${VERDICT_ADVICE[verdict]}`, EXIT[verdict], 'unreachable', {verdict, ...data})
  }
}

/** The editor answered with a JSON-RPC error. */
export class EngineError extends BridgeCliError {
  constructor(
    public readonly rpcCode: number,
    message: string,
    public readonly rpcData: unknown = undefined,
  ) {
    super(message, rpcCode === -32602 || rpcCode === -32601 ? EXIT.usage : EXIT.commandFailed, 'engine_error', {
      rpc_code: rpcCode,
      ...(rpcData === undefined ? {} : {data: rpcData}),
    })
  }
}

export class UsageError extends BridgeCliError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super(message, EXIT.usage, 'usage', data)
  }
}

// `bridge run <method> [--params JSON]`: call any addon method, including ones the catalog does not know.
import {Args, Flags} from '@oclif/core'

import {EngineCommand} from '../cli/engine-command.js'
import {FILE_VALUE_HELP, connectionFlags, readFlagText} from '../cli/flags.js'
import {commandDoc, loadCatalog, verdictFailed} from '../catalog/catalog.js'
import {closest} from '../catalog/suggest.js'
import {DEFAULT_TIMEOUT_MS} from '../editor/client.js'
import {EXIT, UsageError} from '../errors.js'

export default class Run extends EngineCommand {
  static summary = 'Call any addon method by name'
  static description =
    'Calls <group>.<command> on the editor with JSON params; works for project-local and newer addon commands too.'
  static examples = [
    `<%= config.bin %> run engine.version`,
    `printf '%s\\n' '{"method":"engine.version"}' '{"method":"scene.tree","id":"t"}' | <%= config.bin %> run -`,
    `<%= config.bin %> run node.add --params '{"type":"Sprite2D","name":"Hero"}'`,
  ]
  static args = {
    method: Args.string({
      description: 'Method, e.g. node.add; or - to read one JSON request per line from standard input',
      required: true,
    }),
  }
  static flags = {
    ...connectionFlags,
    params: Flags.string({description: `Parameters as a JSON object (${FILE_VALUE_HELP})`, default: '{}'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Run)
    if (args.method === '-') {
      if ((this.argv ?? []).some((a) => a === '--params' || a.startsWith('--params=')))
        throw new UsageError('bridge run -: each input line carries its own params; --params does not apply')
      return this.pipeline(flags)
    }
    if (!/^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/.test(args.method)) {
      const guess = closest(
        args.method.replace(/^([A-Za-z0-9]+)[_ :-]/, '$1.'),
        loadCatalog().map((c) => c.method),
      )
      throw new UsageError(
        `method '${args.method}' is not of the form <group>.<command>${guess ? `; did you mean '${guess}'?` : ''}`,
        guess ? {suggestion: guess} : {},
      )
    }
    let params: unknown
    try {
      params = JSON.parse(readFlagText(flags.params, '--params'))
    } catch (error) {
      if (error instanceof UsageError) throw error
      throw new UsageError(`--params: not valid JSON (${(error as Error).message})`)
    }
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw new UsageError('--params: must be a JSON object of named parameters')
    const result = await this.callEditor(flags, args.method, params as Record<string, unknown>)
    this.print(result, flags.json)
    if (verdictFailed(commandDoc(args.method) ?? {}, result)) this.exit(EXIT.commandFailed)
  }

  /** `bridge run -`: every stdin line through one connection; exits 1 when any line failed. */
  private async pipeline(flags: {project?: string; timeout?: number}): Promise<void> {
    const {runPipeline} = await import('../cli/pipeline.js')
    const summary = await this.withEditor(flags, (client) =>
      runPipeline(
        process.stdin,
        client,
        (line) => process.stdout.write(line + '\n'),
        (method) => flags.timeout ?? commandDoc(method)?.timeout_ms ?? DEFAULT_TIMEOUT_MS,
        (method, result) => verdictFailed(commandDoc(method) ?? {}, result),
      ),
    )
    if (summary.failed > 0) {
      const verdicts = summary.verdicts > 0 ? ` (${summary.verdicts} of them a failed verdict)` : ''
      process.stderr.write(`bridge: ${summary.failed} of ${summary.lines} requests failed${verdicts}\n`)
      this.exit(EXIT.commandFailed)
    }
  }
}

// `bridge serve` for the MCP clients fx.mcpServe() does not make (it gives a 1.x SDK client with every toolset,
// or those the client's name earns with `toolsets: 'auto'`): the stdio server parameters that both SDKs' StdioClientTransport take, with extra
// flags (--toolsets all) and the CLI's own test home, as fx.mcpServe and fx.cli run it.
import {BRIDGE_BIN, CLI_ENV} from './cli.js'
import type {EditorFixture} from './fixture.js'

export interface ServeParams {
  command: string
  args: string[]
  env: Record<string, string>
  stderr: 'ignore'
}

/** `bridge serve --project <the fixture's project> ...args`, for a transport the test connects (and closes) itself. */
export function serveParams(fx: EditorFixture, args: string[] = [], env: Record<string, string> = {}): ServeParams {
  return {
    command: process.execPath,
    args: [BRIDGE_BIN, 'serve', '--project', fx.editor.root, ...args],
    env: {...(process.env as Record<string, string>), NO_COLOR: '1', ...CLI_ENV, ...env},
    stderr: 'ignore',
  }
}

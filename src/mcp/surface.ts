// Where the MCP surface shared with the addon's HTTP endpoint lives (addon/mcp/): the shared data module
// (src/surface/toolsets.ts) reads it; and the logger serve's modules write with.
export {mcpDir, readSurfaceJson} from '../surface/file.js'

/** Writes one line to stderr: stdout belongs to the protocol. */
export type Logger = (message: string) => void

export const stderrLogger: Logger = (message) => {
  process.stderr.write(`bridge serve: ${message}\n`)
}

// The smoke test as an MCP tool of `bridge serve` (the bridge:mcp-tools hook): qa_smoke. It runs through the
// context's call (serve's identity-checked link to the editor) and returns the report; the last frame, when
// there is one, comes back as an image.
import {jsonReport} from '../report.js'
import {DEFAULTS, runSmoke} from '../smoke.js'

/** @returns {import('bridge-godot').McpToolContribution[]} */
export default async function qaMcpTools() {
  return [
    {
      name: 'qa_smoke',
      description:
        'Smoke-test a scene: play it, send input events, capture frames, collect runtime errors, stop it. Returns ok and the problems found.',
      inputSchema: {
        type: 'object',
        properties: {
          scene: {type: 'string', description: 'res:// scene file, main or current'},
          input: {
            type: 'array',
            items: {type: 'object', properties: {type: {type: 'string'}}, required: ['type']},
            description:
              'input.sequence events, e.g. {"type":"action","action":"jump","pressed":true}, {"type":"wait","frames":10}',
          },
          frames: {type: 'integer', minimum: 0, maximum: 60, default: DEFAULTS.frames},
          display: {type: 'string', enum: ['auto', 'headless', 'window'], default: DEFAULTS.display},
          settle_ms: {type: 'integer', minimum: 0, maximum: 60_000, default: DEFAULTS.settleMs},
          fail_on_warnings: {type: 'boolean', default: false},
        },
        required: ['scene'],
        additionalProperties: false,
      },
      annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: true},
      async run(args, context) {
        const report = await runSmoke((method, params, timeout) => context.call(method, params, timeout), {
          scene: args.scene,
          input: args.input ?? [],
          frames: args.frames ?? DEFAULTS.frames,
          display: args.display ?? DEFAULTS.display,
          settleMs: args.settle_ms ?? DEFAULTS.settleMs,
          failOnWarnings: args.fail_on_warnings ?? false,
        })
        const last = report.frames.items.at(-1)
        return {
          ...jsonReport(report),
          ...(last?.image_base64 ? {last_frame: {mime_type: 'image/png', data: last.image_base64}} : {}),
        }
      },
    },
  ]
}

// Writes docs/commands.md from the catalog — the same parameter docs that feed the CLI flags, the ajv
// validators and the MCP schemas. Run by `npm run catalog`; a unit test checks it is up to date.
// It also writes the figures of docs/clients.md (the toolsets, their sizes, each client's default) from the same
// catalog through the code `bridge serve` runs, between the `<!-- figures -->` markers.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {exampleLine, flagFor} from '../src/cli/addon-command.js'
import {loadCatalog, type CommandDoc} from '../src/catalog/catalog.js'
import {earlyTools} from '../src/mcp/early-tools.js'
import {toolName} from '../src/mcp/tools.js'
import {TOOLSETS, fitProfile, toolsetsFor} from '../src/mcp/toolsets.js'

export function renderCommandsDoc(commands: CommandDoc[]): string {
  const groups = [...new Set(commands.map((c) => c.method.split('.')[0]))]
  const lines = [
    '# Commands',
    '',
    "Generated from the addon's parameter docs by `npm run catalog` — do not edit by hand.",
    `Each command is a CLI command (\`bridge <group> <command>\`), an MCP tool (\`<group>_<command>\`) and a JSON-RPC method (\`<group>.<command>\`). ${commands.length} commands.`,
    '',
  ]
  for (const group of groups) {
    lines.push(`## ${group}`, '')
    for (const c of commands.filter((x) => x.method.startsWith(group + '.'))) {
      const tags = [
        c.read_only ? 'read-only' : '',
        c.destructive ? 'destructive' : '',
        c.since ? `Godot ${c.since}+` : '',
      ].filter(Boolean)
      lines.push(`### \`${c.method}\`${tags.length ? ` (${tags.join(', ')})` : ''}`, '', c.summary, '')
      if (c.params.length > 0) {
        lines.push('| parameter | type | required | description |', '|---|---|---|---|')
        for (const p of c.params) {
          const type = p.type === 'enum' ? p.values?.join(' \\| ') : p.type
          const extra = [
            p.default !== undefined ? `default \`${JSON.stringify(p.default)}\`` : '',
            p.min !== undefined || p.max !== undefined ? `range ${p.min ?? ''}..${p.max ?? ''}` : '',
            p.writes_path ? 'written path (res:// or user://)' : '',
          ].filter(Boolean)
          const desc = [p.description, ...extra].join('; ').replaceAll('|', '\\|')
          lines.push(`| \`--${flagFor(p)}\` | ${type} | ${p.required ? 'yes' : ''} | ${desc} |`)
        }
        lines.push('')
      }
      lines.push('```bash', exampleLine(c).replace('<%= config.bin %>', 'bridge'), '```', '')
    }
  }
  return lines.join('\n')
}

const n = (x: number) => x.toLocaleString('en-US')

/** The tables of docs/clients.md: toolsets (groups, tools, bytes, tokens ≈ bytes / 4) and each client's default. */
export function renderClientFigures(commands: CommandDoc[]): string {
  const sets = toolsetsFor(commands)
  // the addon's own list (catalog/tools.json): engine_run, bridge_toolsets, bridge_find, then the typed tools
  const [engineRun, toolsetsTool, findTool, ...typed] = earlyTools()
  const byName = new Map(typed.map((t) => [t.name, t]))
  const tool = {get: (method: string) => byName.get(toolName(method))}
  const weigh = (tools: unknown[]) => Buffer.byteLength(JSON.stringify(tools))
  const fixedTools = [engineRun, toolsetsTool, findTool]
  const row = (tools: unknown[]) => {
    const bytes = weigh(tools)
    return `${tools.length} | ${n(bytes)} | ${n(Math.round(bytes / 4))}`
  }
  const of = (names: string[]) => [
    ...fixedTools,
    ...sets.filter((s) => names.includes(s.name)).flatMap((s) => s.methods.map((m) => tool.get(m)!)),
  ]
  const lines = [
    `${commands.length} commands: ${commands.length + fixedTools.length} tools with everything enabled, ` +
      `${n(weigh(of(sets.map((s) => s.name))))} bytes of tools/list entries (outputSchema and annotations included; ` +
      'tokens estimated as bytes / 4).',
    '',
    '| toolset | command groups | tools | bytes | tokens |',
    '| --- | --- | --- | --- | --- |',
    `| always there | engine_run, bridge_toolsets, bridge_find | ${row(fixedTools)} |`,
    ...sets.map((s) => `| \`${s.name}\` | ${s.groups.join(', ')} | ${row(s.methods.map((m) => tool.get(m)!))} |`),
    '',
    '| client (`clientInfo.name` contains) | preferred toolsets | at most | why (source) | default today | tools | bytes | tokens | result text |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ]
  const profiles = [
    ...TOOLSETS.clients.map((p) => ({...p, label: `${p.name} (${p.match.map((m) => `\`${m}\``).join(', ')})`})),
    {
      ...TOOLSETS.unknown_client,
      name: 'other',
      label: 'any other client',
      max_tools: null,
      source: '',
      reads_source: undefined,
    },
  ]
  // what the text beside structuredContent is for the client (src/mcp/toolsets.ts readsOf)
  const resultText = (p: {reads?: string; reads_source?: string}) => {
    const reads = p.reads ?? TOOLSETS.unknown_client.reads
    const why = p.reads ? 'its model reads the text' : 'not known which field its model reads'
    const said = reads === 'content' ? `whole JSON (${why})` : 'summary'
    return p.reads_source ? `${said} ([source](${p.reads_source}))` : said
  }
  for (const p of profiles) {
    const chosen = fitProfile(sets, p.toolsets, p.max_tools, fixedTools.length)
    lines.push(
      `| ${p.label} | ${p.toolsets.join(', ')} | ${p.max_tools ?? '–'} | ${p.why}${p.source ? ` ([source](${p.source}))` : ''} | ${chosen.length === sets.length ? 'all' : chosen.join(', ')} | ${row(of(chosen))} | ${resultText(p)} |`,
    )
  }
  return lines.join('\n')
}

const BEGIN = '<!-- figures: generated by scripts/gen-docs.ts from the catalog; do not edit by hand -->'
const END = '<!-- /figures -->'

/** docs/clients.md with its figures rendered from `commands`. */
export function renderClientsDoc(current: string, commands: CommandDoc[]): string {
  const start = current.indexOf(BEGIN)
  const end = current.indexOf(END)
  if (start < 0 || end < start) throw new Error(`docs/clients.md: the markers ${BEGIN} … ${END} are missing`)
  return `${current.slice(0, start)}${BEGIN}\n\n${renderClientFigures(commands)}\n\n${current.slice(end)}`
}

export const CLIENTS_DOC = join(import.meta.dirname, '..', 'docs', 'clients.md')

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = join(import.meta.dirname, '..', 'docs', 'commands.md')
  writeFileSync(file, renderCommandsDoc(loadCatalog()))
  console.log(`wrote ${file}`)
  writeFileSync(CLIENTS_DOC, renderClientsDoc(readFileSync(CLIENTS_DOC, 'utf8'), loadCatalog()))
  console.log(`wrote ${CLIENTS_DOC}`)
}

// Writes docs/commands.md from the catalog — the same parameter docs that feed the CLI flags, the ajv
// validators and the MCP schemas. Run by `npm run catalog`; a unit test checks it is up to date.
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {exampleLine, flagFor} from '../src/cli/addon-command.js'
import {loadCatalog, type CommandDoc} from '../src/catalog/catalog.js'

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
      const tags = [c.read_only ? 'read-only' : '', c.destructive ? 'destructive' : ''].filter(Boolean)
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = join(import.meta.dirname, '..', 'docs', 'commands.md')
  writeFileSync(file, renderCommandsDoc(loadCatalog()))
  console.log(`wrote ${file}`)
}

// `npm run bench:session`: only the 100-call mixed MCP session (session.ts) against a fresh headless editor —
// the bytes and estimated tokens every tool's results cost, without the whole bench's start-up and engine runs.
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {join} from 'node:path'

import type {CommandDoc} from '../src/catalog/catalog.js'
import {REPO_ROOT, type TestEditor, startEditor} from '../test/support/editor.js'
import {printTargets} from './report.js'
import {reportSession} from './session.js'

const BIN = process.env.BENCH_BRIDGE_BIN ?? join(REPO_ROOT, 'bin', 'run.js')

async function main(): Promise<void> {
  let editor: TestEditor | undefined
  let client: Client | undefined
  try {
    editor = await startEditor()
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--project', editor.root, '--toolsets', 'all'],
      stderr: 'ignore',
    })
    client = new Client({name: process.env.BENCH_CLIENT ?? 'claude-code', version: '1.0.0'})
    await client.connect(transport)
    const {commands} = await editor.client.call<{commands: CommandDoc[]}>('engine.commands')
    await reportSession(client, commands)
    printTargets()
  } finally {
    await client?.close()
    await editor?.stop()
  }
}

await main()

// The CLI surface generated from the catalog, checked offline (no editor): help text, docs, suggestions.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {loadCatalog} from '../../src/catalog/catalog.js'
import {ALWAYS_LISTED} from '../../src/mcp/toolsets.js'
import {CLIENTS_DOC, renderClientsDoc, renderCommandsDoc} from '../../scripts/gen-docs.js'
import {runCli} from '../support/cli.js'
import {REPO_ROOT} from '../support/editor.js'

describe('CLI surface (offline)', function () {
  this.timeout(30_000)

  it('bridge node add --help prints the addon docs and example with no editor running', async () => {
    const doc = loadCatalog().find((c) => c.method === 'node.add')!
    const result = await runCli(['node', 'add', '--help'], {cwd: '/', env: {BRIDGE_WS_PORT: '1'}})
    expect(result.code, result.stderr).to.equal(0)
    expect(result.stdout).to.include(doc.summary)
    expect(result.stdout).to.include(`Addon method: ${doc.method}`)
    for (const p of doc.params) expect(result.stdout).to.include(`--${p.name.replaceAll('_', '-')}`)
    expect(result.stdout).to.include('$ bridge node add --type Sprite2D --parent /root/Main --name Hero')
    expect(result.stdout).to.not.include('ws://') // nothing was dialled
  })

  it('ends an unknown command non-zero with a suggestion', async () => {
    const result = await runCli(['projet', 'info'], {cwd: '/', env: {BRIDGE_WS_PORT: '1'}})
    expect(result.code).to.not.equal(0)
    expect(result.stderr + result.stdout).to.match(/project info/)
  })

  it('refuses an invalid flag value before anything is sent, naming the flag', async () => {
    const doc = loadCatalog().find((c) => c.params.some((p) => p.type === 'int'))
    if (!doc) return
    const param = doc.params.find((p) => p.type === 'int')!
    const [group, command] = doc.method.split('.')
    const args = [group, command.replaceAll('_', '-'), `--${param.name.replaceAll('_', '-')}`, 'not-a-number']
    for (const p of doc.params.filter((x) => x.required && x !== param))
      args.push(`--${p.name.replaceAll('_', '-')}`, 'x')
    const result = await runCli(args, {cwd: '/', env: {BRIDGE_WS_PORT: '1'}})
    expect(result.code).to.equal(2)
    expect(result.stderr).to.include(`--${param.name.replaceAll('_', '-')}`)
  })

  it('keeps docs/commands.md generated from the catalog', () => {
    const committed = readFileSync(join(REPO_ROOT, 'docs', 'commands.md'), 'utf8')
    expect(committed, 'run `npx tsx scripts/gen-docs.ts`').to.equal(renderCommandsDoc(loadCatalog()))
  })
  it('keeps the figures of docs/clients.md generated from the catalog', () => {
    const committed = readFileSync(CLIENTS_DOC, 'utf8')
    expect(committed, 'run `npx tsx scripts/gen-docs.ts`').to.equal(renderClientsDoc(committed, loadCatalog()))
    expect(committed).to.include(`${loadCatalog().length + ALWAYS_LISTED} tools with everything enabled`)
  })
})

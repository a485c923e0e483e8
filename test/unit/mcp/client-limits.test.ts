// One table (addon/mcp/toolsets.json `clients`) drives `bridge configure`, `bridge serve` and the HTTP endpoint:
// every client `configure` knows has a profile there with its tool limit (or an explicit none) and where that
// limit comes from, docs/clients.md prints both, and serve matches the name each client sends.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {CLIENTS} from '../../../src/configure/clients/index.js'
import {toolsetsForClient} from '../../../src/configure/toolsets.js'
import {TOOLSETS, matchClient} from '../../../src/mcp/toolsets.js'
import {CLIENTS_DOC} from '../../../scripts/gen-docs.js'

describe('a tool limit for every client', () => {
  const doc = readFileSync(CLIENTS_DOC, 'utf8')

  for (const client of CLIENTS) {
    it(`${client.id}: has a limit (or an explicit none) with its source, printed in docs/clients.md`, () => {
      const profile = TOOLSETS.clients.find((p) => p.name === client.id)
      expect(profile, `no profile named ${client.id} in addon/mcp/toolsets.json`).to.not.equal(undefined)
      expect(profile!.max_tools === null || (Number.isInteger(profile!.max_tools) && profile!.max_tools > 0)).to.equal(
        true,
      )
      expect(profile!.source).to.match(/^https:\/\//)
      expect(profile!.why.length).to.be.greaterThan(20)
      expect(doc).to.include(`([source](${profile!.source}))`)
      // configure writes the core for every client, and names a known limit as how far it widens
      const chosen = toolsetsForClient(client.id)
      expect(chosen.value).to.equal('core')
      if (profile!.max_tools !== null) expect(chosen.note).to.include(`at most ${profile!.max_tools} tools`)
      expect(chosen.value!.split(',')[0], 'the core comes first').to.equal('core')
    })
  }

  it('serve knows each client by the name it sends in clientInfo', () => {
    const sent: Record<string, string> = {
      'claude-code': 'claude-code',
      'claude-desktop': 'claude-ai',
      cursor: 'cursor-vscode',
      vscode: 'Visual Studio Code',
      codex: 'codex-mcp-client',
      windsurf: 'windsurf-client',
      zed: 'Zed',
      'gemini-cli': 'gemini-cli-mcp-client',
      'qwen-code': 'qwen-code-mcp-client',
      opencode: 'opencode',
    }
    for (const client of CLIENTS) expect(matchClient(sent[client.id])?.name, client.id).to.equal(client.id)
  })

  it('a client without a known limit is a failure of this table, not a silent "all"', () => {
    const unknownProfile = TOOLSETS.clients.filter((p) => (p as {max_tools?: unknown}).max_tools === undefined)
    expect(unknownProfile.map((p) => p.name)).to.deep.equal([])
  })
})

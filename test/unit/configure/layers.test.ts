// The layer rule for configure (docs/architecture.md): configure reads the client table, the toolset rules and
// the server's name from the shared data module (src/surface, over addon/mcp/toolsets.json), never from the MCP
// server's code, so serve can change (or become a relay) without configure noticing. Nothing under src/configure
// imports src/mcp, directly or through src/surface.
import {expect} from 'chai'
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'

import {REPO_ROOT} from '../../support/editor.js'

const SRC = join(REPO_ROOT, 'src')

function tsFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

/** `file:line: the import` for every import (static, dynamic, re-export) of src/mcp from these files. */
function importsOfMcp(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({line, where: `${relative(REPO_ROOT, file)}:${i + 1}`}))
      .filter(({line}) => /(from|import\()\s*['"][./]*(\.\.\/)+mcp\//.test(line) || /['"][^'"]*src\/mcp\//.test(line))
      .map(({where, line}) => `${where}: ${line.trim()}`),
  )
}

describe('configure stays off the MCP server’s code', () => {
  it('nothing under src/configure imports src/mcp', () => {
    expect(importsOfMcp(tsFiles(join(SRC, 'configure')))).to.deep.equal([])
  })

  it('nor does the shared data module it reads (src/surface)', () => {
    expect(importsOfMcp(tsFiles(join(SRC, 'surface')))).to.deep.equal([])
  })
})

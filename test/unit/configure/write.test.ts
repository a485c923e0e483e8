// Writing a client's config: one rename or nothing at all, through symlinks, keeping the file's mode, and a
// clear refusal when the place cannot be written.
import {expect} from 'chai'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {readConfig, writeAtomic} from '../../../src/configure/write.js'
import {refusal} from '../../support/clients.js'

describe('configure write', () => {
  let dir: string
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-write-')))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  it('creates the file and its directories, leaving no temp file behind', () => {
    const file = join(dir, '.cursor', 'mcp.json')
    writeAtomic(file, '{}\n')
    expect(readFileSync(file, 'utf8')).to.equal('{}\n')
    expect(readdirSync(join(dir, '.cursor'))).to.deep.equal(['mcp.json'])
  })

  it('replaces an existing file and keeps its mode', () => {
    const file = join(dir, '.claude.json')
    writeFileSync(file, '{"old": true}', {mode: 0o600})
    writeAtomic(file, '{"new": true}')
    expect(readFileSync(file, 'utf8')).to.equal('{"new": true}')
    expect(statSync(file).mode & 0o777).to.equal(0o600)
  })

  it('writes through a symlinked config, keeping the link', () => {
    const real = join(dir, 'dotfiles', 'mcp.json')
    mkdirSync(join(dir, 'dotfiles'))
    writeFileSync(real, '{}')
    const link = join(dir, 'mcp.json')
    symlinkSync(real, link)
    writeAtomic(link, '{"x": 1}')
    expect(lstatSync(link).isSymbolicLink()).to.equal(true)
    expect(readFileSync(real, 'utf8')).to.equal('{"x": 1}')
  })

  it('refuses a path that runs through a file, creating nothing', () => {
    writeFileSync(join(dir, 'home'), 'a file where a directory should be')
    const file = join(dir, 'home', '.cursor', 'mcp.json')
    const error = refusal(() => writeAtomic(file, '{}'))
    expect(error.code).to.equal('config_unwritable')
    expect(error.message).to.equal(
      `cannot write ${file}: a directory on its path is a file (ENOTDIR); nothing was changed`,
    )
    expect(readdirSync(dir)).to.deep.equal(['home'])
    expect(readFileSync(join(dir, 'home'), 'utf8')).to.equal('a file where a directory should be')
  })

  it('removes the directories it created when the write then fails', () => {
    const file = join(dir, 'new', 'deeper', `${'x'.repeat(250)}.json`) // the temp name is too long
    const error = refusal(() => writeAtomic(file, '{}'))
    expect(error.code).to.equal('config_unwritable')
    expect(existsSync(join(dir, 'new'))).to.equal(false)
  })

  it('reads a missing config as none, and refuses a directory in its place', () => {
    expect(readConfig(join(dir, 'none.json'))).to.equal(undefined)
    expect(readConfig(join(dir, 'none', 'deeper.json'))).to.equal(undefined)
    mkdirSync(join(dir, 'mcp.json'))
    const error = refusal(() => readConfig(join(dir, 'mcp.json')))
    expect(error.code).to.equal('config_unreadable')
    expect(error.message).to.include('it is a directory (EISDIR)')
  })
})

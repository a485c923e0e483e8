// The README's pack lines, run as written in a fresh clone layout: the repository's own files (tracked and new,
// as `git ls-files` lists them; no node_modules in the packs, no links made by hand), the root's dependencies
// and build, a throwaway HOME and oclif home. `plugins link` (with and without --no-install) and
// `plugins install` from a tarball must each leave the pack's commands working and listed in `bridge --help`.
// No editor: `level install` writes files into a project made by `bridge create`.
import {expect} from 'chai'
import {execFileSync, spawnSync} from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import {REPO_ROOT} from '../../support/editor.js'

/** The lines of the README's pack block that start with `bridge ` and that the test can run offline. */
function readmePackLines(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Extend it: packs'))
  const block = /```bash\n([\s\S]*?)```/.exec(section)![1]
  return block
    .split('\n')
    .map((l) => l.replace(/\s{2,}#.*$/, '').trim())
    .filter((l) => l.startsWith('bridge '))
}

/** A copy of the repository as a fresh clone has it, with the checkout's installed dependencies and build. */
function cloneLayout(into: string): void {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {cwd: REPO_ROOT, encoding: 'utf8'})
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    if (!existsSync(join(REPO_ROOT, file))) continue // deleted in the working tree
    mkdirSync(dirname(join(into, file)), {recursive: true})
    cpSync(join(REPO_ROOT, file), join(into, file))
  }
  // `npm ci && npm run build` would make these; the checkout's are the same (and the test runs after a build)
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(into, 'node_modules'), 'dir')
  cpSync(join(REPO_ROOT, 'dist'), join(into, 'dist'), {recursive: true})
}

describe('README: the pack lines, as written, in a fresh clone', function () {
  this.timeout(240_000)
  let base: string
  let clone: string
  let home: string
  let lines: string[]

  function sh(line: string, data: string) {
    const result = spawnSync('bash', ['-c', line], {
      cwd: clone,
      env: {
        ...process.env,
        PATH: `${join(base, 'bin')}:${process.env.PATH}`,
        HOME: home,
        XDG_DATA_HOME: join(base, data, 'data'),
        XDG_CONFIG_HOME: join(base, data, 'config'),
        XDG_CACHE_HOME: join(base, data, 'cache'),
        NO_COLOR: '1',
        OCLIF_DISABLE_LINKED_ESM_WARNING: '1',
        npm_config_offline: 'true',
      },
      encoding: 'utf8',
      timeout: 120_000,
    })
    return {code: result.status, out: result.stdout, err: result.stderr}
  }
  const line = (start: string) => {
    const found = lines.find((l) => l.startsWith(start))
    expect(found, `the README's pack block has a line starting '${start}'`).to.be.a('string')
    return found!
  }

  before(function () {
    base = mkdtempSync(join(tmpdir(), 'bridge-readme-packs-'))
    clone = join(base, 'clone')
    home = join(base, 'home')
    cloneLayout(clone)
    mkdirSync(join(base, 'bin'))
    writeFileSync(join(base, 'bin', 'bridge'), `#!/bin/sh\nexec "${process.execPath}" "${clone}/bin/run.js" "$@"\n`)
    chmodSync(join(base, 'bin', 'bridge'), 0o755)
    lines = readmePackLines()
    expect(existsSync(join(clone, 'plugins', 'level', 'node_modules')), 'a fresh clone has no pack node_modules').to.be
      .false
  })
  after(() => rmSync(base, {recursive: true, force: true}))

  function expectLevelInstalled(data: string) {
    const help = sh('bridge --help', data)
    expect(help.code, help.err).to.equal(0)
    expect(help.out).to.match(/^\s+level\s/m)
    expect(help.err).not.to.include('Cannot find package')
    const made = sh('bridge create ~/games/mygame', data)
    expect(made.code, made.err).to.equal(0)
    const install = sh(line('bridge level install'), data)
    expect(install.code, install.err).to.equal(0)
    expect(install.err).not.to.include('Cannot find package')
    expect(existsSync(join(home, 'games', 'mygame', 'bridge_commands', 'level.gd'))).to.equal(true)
    rmSync(join(home, 'games'), {recursive: true, force: true})
  }

  it('plugins link ./plugins/level, then level install --project ~/games/mygame', () => {
    const link = sh(line('bridge plugins link ./plugins/level'), 'link')
    expect(link.code, link.err).to.equal(0)
    expect(link.err).not.to.include('Cannot find package')
    expectLevelInstalled('link')
  })

  it('the same with plugins link --no-install', () => {
    rmSync(join(clone, 'plugins', 'level', 'node_modules'), {recursive: true, force: true})
    const link = sh(`${line('bridge plugins link ./plugins/level')} --no-install`, 'no-install')
    expect(link.code, link.err).to.equal(0)
    expect(link.err).not.to.include('Cannot find package')
    expectLevelInstalled('no-install')
  })

  it('plugins install file:<tarball>, the tarball made by npm pack', () => {
    const pack = spawnSync('npm', ['pack', './plugins/qa'], {cwd: clone, encoding: 'utf8'})
    expect(pack.status, pack.stderr).to.equal(0)
    const install = sh(line('bridge plugins install file:'), 'tarball')
    expect(install.code, install.err).to.equal(0)
    const help = sh('bridge --help', 'tarball')
    expect(help.out).to.match(/^\s+qa\s/m)
    expect(help.err).not.to.include('Cannot find package')
    const smoke = sh('bridge qa smoke --help', 'tarball')
    expect(smoke.code, smoke.err).to.equal(0)
    expect(smoke.out).to.include('--scene')
  })
})

// Shell completion through @oclif/plugin-autocomplete: `bridge <group> <TAB>` lists that group's commands.
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {loadCatalog} from '../../src/catalog/catalog.js'
import {runCli} from '../support/cli.js'

describe('bash completion', function () {
  this.timeout(60_000)
  let cache: string

  before(() => {
    cache = mkdtempSync(join(tmpdir(), 'bridge-ac-'))
  })
  after(() => rmSync(cache, {recursive: true, force: true}))

  it('lists the subcommands of a group at bridge <group> <TAB>', async () => {
    const result = await runCli(['autocomplete', 'bash', '--refresh-cache'], {env: {XDG_CACHE_HOME: cache}})
    expect(result.code, result.stderr).to.equal(0)
    const group = 'engine'
    const expected = loadCatalog()
      .filter((c) => c.method.startsWith(`${group}.`))
      .map((c) => c.method.split('.')[1].replaceAll('_', '-'))
    const script = join(cache, 'bridge', 'autocomplete', 'functions', 'bash', 'bridge.bash')
    const words = execFileSync(
      'bash',
      [
        '-c',
        `source "${script}"; COMP_WORDS=(bridge ${group} ""); COMP_CWORD=2; _bridge_autocomplete; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      {encoding: 'utf8'},
    )
      .split('\n')
      .filter(Boolean)
    expect(words.sort()).to.deep.equal(expected.sort())
  })
})

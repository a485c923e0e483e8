// What the packages promise, checked without packing: one version everywhere a user sees one, the license
// shipped inside the addon, and `npm pack` building (the CLI and the declaration cache) before it packs.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'

const read = (...path: string[]) => readFileSync(join(REPO_ROOT, ...path), 'utf8')

describe('packaging', () => {
  const pkg = JSON.parse(read('package.json')) as {version: string; scripts: Record<string, string>; files: string[]}

  it('package.json, plugin.cfg and the discovery file name one version', () => {
    expect(/^version="([^"]*)"/m.exec(read('addon', 'plugin.cfg'))?.[1]).to.equal(pkg.version)
    expect(/ADDON_VERSION := "([^"]*)"/.exec(read('addon', 'core', 'discovery.gd'))?.[1]).to.equal(pkg.version)
  })

  it('the addon carries the license of the repository', () => {
    expect(read('addon', 'LICENSE')).to.equal(read('LICENSE'))
  })

  it('npm pack builds first and ships the addon with its declaration cache; the Asset Library zip has its script', () => {
    expect(pkg.scripts.prepack).to.equal('npm run build && npm run cache:build')
    expect(pkg.scripts['cache:build']).to.equal('tsx scripts/build-cache.ts')
    expect(read('scripts', 'pack-addon.mjs'), 'the zip builds the cache first').to.include("'build-cache.ts'")
    expect(pkg.files).to.include.members(['bin', 'dist', 'addon'])
    expect(pkg.scripts['pack:addon']).to.equal('node scripts/pack-addon.mjs')
  })
})

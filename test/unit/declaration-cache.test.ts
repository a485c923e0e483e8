// addon/declarations.cache (core/declaration_cache.gd) lets the editor start without compiling every group
// script; the addon trusts it only while its hash matches the addon's scripts. A stale copy costs every
// user the full start-up again, so this test computes the same hash and fails until `npm run catalog`
// rebuilds the cache. It also checks the cache lists exactly the catalog's commands, in the catalog's order.
import {expect} from 'chai'
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'

const ADDON = join(REPO_ROOT, 'addon')
const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex')

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return scripts(full)
    return name.endsWith('.gd') ? [full] : []
  })
}

/** The hash core/declaration_cache.gd's addon_hash() computes. */
function addonHash(): string {
  const lines = scripts(ADDON).map((f) => `${relative(ADDON, f)} ${md5(readFileSync(f))}\n`)
  lines.sort()
  return md5(lines.join(''))
}

/** Godot's JSON.from_native encoding, read back as far as this test needs (dictionaries, arrays, strings). */
function fromNative(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromNative)
  if (typeof value === 'string') return value.startsWith('s:') ? value.slice(2) : value
  if (value && typeof value === 'object' && (value as {type?: string}).type === 'Dictionary') {
    const args = (value as {args: unknown[]}).args
    const out: Record<string, unknown> = {}
    for (let i = 0; i < args.length; i += 2) out[String(fromNative(args[i]))] = fromNative(args[i + 1])
    return out
  }
  return value
}

describe('the declaration cache', () => {
  const text = readFileSync(join(ADDON, 'declarations.cache'), 'utf8')

  it('matches the addon scripts (else run npm run catalog)', () => {
    const stored = /"s:hash","s:([0-9a-f]{32})"/.exec(text)?.[1]
    expect(stored, 'the cache names the hash of the addon it was built from').to.be.a('string')
    expect(stored, 'addon/declarations.cache is stale: npm run catalog rebuilds it').to.equal(addonHash())
  })

  it('holds every built-in command of the catalog, in its order', () => {
    const catalog = JSON.parse(readFileSync(join(REPO_ROOT, 'catalog', 'commands.json'), 'utf8')) as {
      commands: {method: string}[]
    }
    const {groups} = fromNative(JSON.parse(text)) as {groups: {commands: {method: string}[]}[]}
    const cached = groups.flatMap((g) => g.commands.map((c) => c.method))
    expect(cached).to.deep.equal(catalog.commands.map((c) => c.method))
  })
})

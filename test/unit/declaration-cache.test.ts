// No declaration cache is committed (core/declaration_cache.gd): it is built at pack/install time and by the
// editor into .godot/bridge/. What Node decides about a cache file without an editor is its header: the
// layout version and the scripts' hash (src/editor/declaration-cache.ts), read here from hand-made encodings.
// test/e2e/cli/declaration-cache.e2e.test.ts checks the same hash against the editor's own and what it builds.
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {cacheHeader} from '../../src/editor/declaration-cache.js'
import {REPO_ROOT} from '../support/editor.js'

/** var_to_bytes of a String: type 4, length, UTF-8 padded to 4 bytes. */
function str(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8')
  const head = Buffer.alloc(8)
  head.writeUInt32LE(4, 0)
  head.writeUInt32LE(bytes.length, 4)
  return Buffer.concat([head, bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)])
}
const u32 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from(new Uint32Array([v]).buffer)))
const int = (v: number) => u32(2, v)
const dict = (...entries: [string, Buffer][]) =>
  Buffer.concat([u32(27, entries.length), ...entries.flatMap(([k, v]) => [str(k), v])])
const emptyArray = u32(28, 0)

describe('the declaration cache', () => {
  it('is not committed: git ignores the built file', () => {
    const tracked = execFileSync('git', ['ls-files', 'addon/declarations.cache'], {cwd: REPO_ROOT, encoding: 'utf8'})
    expect(tracked, 'addon/declarations.cache is generated (npm run cache:build)').to.equal('')
    const ignored = execFileSync('git', ['check-ignore', 'addon/declarations.cache'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    })
    expect(ignored.trim()).to.equal('addon/declarations.cache')
  })

  it('reads the layout version and hash from the head of the encoding', () => {
    const bytes = dict(['version', int(1)], ['hash', str('0123456789abcdef0123456789abcdef')], ['groups', emptyArray])
    expect(cacheHeader(bytes)).to.deep.equal({version: 1, hash: '0123456789abcdef0123456789abcdef'})
    // a 64-bit int is encoded with flag 1<<16 and 8 bytes
    const wide = Buffer.concat([u32(2 | (1 << 16)), Buffer.from(new BigInt64Array([7n]).buffer)])
    expect(cacheHeader(dict(['version', wide], ['hash', str('ab')]))).to.deep.equal({version: 7, hash: 'ab'})
  })

  it('gives no header for the old layout, a truncated file, or bytes that are not a cache', () => {
    const old = dict(['hash', str('0123456789abcdef0123456789abcdef')], ['groups', emptyArray])
    expect(cacheHeader(old), 'the committed layout before versions').to.equal(undefined)
    const full = dict(['version', int(1)], ['hash', str('0123456789abcdef0123456789abcdef')])
    expect(cacheHeader(full.subarray(0, full.length - 8)), 'truncated').to.equal(undefined)
    expect(cacheHeader(Buffer.from('not a cache at all')), 'text').to.equal(undefined)
    expect(cacheHeader(Buffer.alloc(0)), 'empty').to.equal(undefined)
    expect(cacheHeader(readFileSync(join(REPO_ROOT, 'addon', 'icon.svg'))), 'another file').to.equal(undefined)
  })
})

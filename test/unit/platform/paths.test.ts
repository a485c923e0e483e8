// Paths under each platform's rules, on any machine (Node's path.win32 / path.posix): drive letters and
// backslashes on Windows, case-insensitive names on Windows and macOS, res:// <-> OS paths that never leave
// the project.
import {expect} from 'chai'

import {caseInsensitive, fromResPath, isInside, pathRules, samePath, toResPath} from '../../../src/platform/paths.js'

/** A project root as each platform writes it. */
const ROOT = {linux: '/home/me/Game', darwin: '/Users/me/Game', win32: 'C:\\Users\\me\\Game'} as const

describe('platform paths', () => {
  it('Windows and macOS compare names without case, Linux with it', () => {
    expect(['linux', 'darwin', 'win32'].map((p) => caseInsensitive(p as NodeJS.Platform))).to.deep.equal([
      false,
      true,
      true,
    ])
  })

  it('samePath: one place however Windows spells it (drive letter case, slashes, trailing separator)', () => {
    expect(samePath('C:\\Users\\me\\Game', 'c:/users/ME/game/', 'win32')).to.equal(true)
    expect(samePath('C:/Users/me/Game', 'C:\\Users\\me\\Game\\.', 'win32')).to.equal(true)
    expect(samePath('C:\\Users\\me\\Game', 'D:\\Users\\me\\Game', 'win32')).to.equal(false)
    expect(samePath('C:\\', 'c:/', 'win32')).to.equal(true)
  })

  it('samePath: macOS ignores case, Linux does not; both ignore a trailing slash', () => {
    expect(samePath('/Users/me/Game', '/users/me/game/', 'darwin')).to.equal(true)
    expect(samePath('/home/me/Game', '/home/me/game', 'linux')).to.equal(false)
    expect(samePath('/home/me/Game/', '/home/me/Game', 'linux')).to.equal(true)
    expect(samePath('/', '/', 'linux')).to.equal(true)
  })

  for (const platform of ['linux', 'darwin', 'win32'] as const) {
    describe(platform, () => {
      const root = ROOT[platform]
      const rules = pathRules(platform)
      const inRoot = (...parts: string[]) => rules.join(root, ...parts)

      it('res:// paths map to files of the project in the platform separators, and back', () => {
        const file = inRoot('tests', 'walk.scenario.json')
        expect(toResPath(root, file, platform)).to.equal('res://tests/walk.scenario.json')
        expect(fromResPath(root, 'res://tests/walk.scenario.json', platform)).to.equal(file)
        expect(toResPath(root, root, platform)).to.equal('res://')
        expect(fromResPath(root, 'res://', platform)).to.equal(root)
      })

      it('nothing outside the project is inside it: a sibling with the same prefix, a parent, ..', () => {
        expect(isInside(root, root + 'Two', platform)).to.equal(false)
        expect(isInside(root, rules.dirname(root), platform)).to.equal(false)
        expect(toResPath(root, rules.join(root, '..', 'x.gd'), platform)).to.equal(undefined)
        expect(fromResPath(root, 'res://../x.gd', platform)).to.equal(undefined)
        expect(fromResPath(root, 'user://x.gd', platform)).to.equal(undefined)
        expect(isInside(root, inRoot('a', 'b'), platform)).to.equal(true)
      })

      it(`case: ${caseInsensitive(platform) ? 'another case is the same project' : 'another case is another folder'}`, () => {
        const other = inRoot('Scenes', 'Main.tscn').replace(root, root.toUpperCase())
        expect(isInside(root, other, platform)).to.equal(caseInsensitive(platform))
        // the res:// path keeps the file's own spelling, not the root's
        if (caseInsensitive(platform)) expect(toResPath(root, other, platform)).to.equal('res://Scenes/Main.tscn')
      })
    })
  }

  it('Windows: another drive is never inside, forward slashes and a lower-case drive are', () => {
    expect(isInside('C:\\Game', 'D:\\Game\\x.gd', 'win32')).to.equal(false)
    expect(toResPath('C:\\Game', 'D:\\Game\\x.gd', 'win32')).to.equal(undefined)
    expect(toResPath('C:\\Game', 'c:/game/scenes/main.tscn', 'win32')).to.equal('res://scenes/main.tscn')
    expect(fromResPath('C:/Game', 'res://scenes/main.tscn', 'win32')).to.equal('C:\\Game\\scenes\\main.tscn')
  })

  it('Linux: a backslash is part of a name, not a separator', () => {
    expect(toResPath('/g', '/g/a\\b.gd', 'linux')).to.equal('res://a\\b.gd')
  })
})

// Where findGodot looks for a Godot binary on each platform (after --godot and GODOT_BIN), with a fake home
// and folder listing: PATH, the bridge cache, /Applications on macOS, the official Windows builds' exes.
import {expect} from 'chai'

import {cachedGodot, godotCacheDir, godotCandidates} from '../../../src/platform/godot-locations.js'

describe('platform Godot locations', () => {
  it('Linux: PATH, then the cache scripts/install-godot.sh fills (as before the platform layer)', () => {
    const search = {platform: 'linux' as const, env: {PATH: '/usr/local/bin:/usr/bin'}, home: '/home/me'}
    expect(godotCandidates(search)).to.deep.equal([
      '/usr/local/bin/godot',
      '/usr/bin/godot',
      '/home/me/.cache/bridge/godot/bin/godot',
    ])
    expect(godotCacheDir({...search, env: {BRIDGE_GODOT_CACHE: '/opt/g'}})).to.equal('/opt/g')
  })

  it('macOS: PATH, the cache, then Godot.app in /Applications and ~/Applications', () => {
    const found = godotCandidates({platform: 'darwin', env: {PATH: '/opt/homebrew/bin'}, home: '/Users/me'})
    expect(found).to.deep.equal([
      '/opt/homebrew/bin/godot',
      '/Users/me/.cache/bridge/godot/bin/godot',
      '/Applications/Godot.app/Contents/MacOS/Godot',
      '/Users/me/Applications/Godot.app/Contents/MacOS/Godot',
    ])
  })

  it('Windows: godot.exe on Path (; separated), then official builds in the usual folders, console exe and newest first', () => {
    const listed: Record<string, string[]> = {
      'C:\\Users\\me\\AppData\\Local\\Programs\\Godot': [
        'Godot_v4.3-stable_win64.exe',
        'Godot_v4.6.3-stable_win64.exe',
        'Godot_v4.6.3-stable_win64_console.exe',
        'readme.txt',
      ],
      'C:\\Users\\me\\Downloads': ['Godot_v4.10-stable_win64.exe', 'Godot_v3.6-stable_win64.exe', 'setup.exe'],
    }
    const found = godotCandidates({
      platform: 'win32',
      env: {Path: 'C:\\Tools;C:\\Windows', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local'},
      home: 'C:\\Users\\me',
      listDir: (dir) => listed[dir] ?? [],
    })
    expect(found).to.deep.equal([
      'C:\\Tools\\godot.exe',
      'C:\\Windows\\godot.exe',
      'C:\\Users\\me\\.cache\\bridge\\godot\\bin\\godot.exe',
      'C:\\Users\\me\\AppData\\Local\\Programs\\Godot\\Godot_v4.6.3-stable_win64_console.exe',
      'C:\\Users\\me\\AppData\\Local\\Programs\\Godot\\Godot_v4.6.3-stable_win64.exe',
      'C:\\Users\\me\\AppData\\Local\\Programs\\Godot\\Godot_v4.3-stable_win64.exe',
      'C:\\Users\\me\\Downloads\\Godot_v4.10-stable_win64.exe',
      'C:\\Users\\me\\AppData\\Local\\Microsoft\\WinGet\\Links\\godot.exe',
      'C:\\Users\\me\\scoop\\shims\\godot.exe',
    ])
  })

  it('Windows without LOCALAPPDATA looks under the home folder; the cache binary is godot.exe', () => {
    const search = {platform: 'win32' as const, env: {}, home: 'C:\\Users\\me'}
    expect(cachedGodot(search)).to.equal('C:\\Users\\me\\.cache\\bridge\\godot\\bin\\godot.exe')
    expect(godotCandidates({...search, listDir: () => []})).to.include(
      'C:\\Users\\me\\AppData\\Local\\Microsoft\\WinGet\\Links\\godot.exe',
    )
  })
})

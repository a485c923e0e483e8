// The process layer under each platform's rules, on a fake host that records what it would run: Linux reads
// /proc, macOS asks ps, Windows has no groups or signals (taskkill walks the tree, powershell lists children).
import {expect} from 'chai'

import {
  childPids,
  detachedSpawnOptions,
  exited,
  killPid,
  pidAlive,
  type ProcessHost,
  stopTree,
} from '../../../src/platform/processes.js'

interface Fake extends ProcessHost {
  kills: [number, NodeJS.Signals | 0][]
  runs: string[][]
}

/** A host where `alive` pids exist, `files` are readable and `run` answers from `outputs` by command. */
function fakeHost(
  platform: NodeJS.Platform,
  options: {alive?: number[]; files?: Record<string, string>; outputs?: Record<string, string>} = {},
): Fake {
  const fake: Fake = {
    platform,
    kills: [],
    runs: [],
    kill(pid, signal) {
      fake.kills.push([pid, signal])
      if (!(options.alive ?? []).includes(Math.abs(pid))) throw Object.assign(new Error('ESRCH'), {code: 'ESRCH'})
    },
    readFile(path) {
      const text = options.files?.[path]
      if (text === undefined) throw Object.assign(new Error('ENOENT'), {code: 'ENOENT'})
      return text
    },
    readDir: (path) =>
      Object.keys(options.files ?? {})
        .filter((f) => f.startsWith(path + '/'))
        .map((f) => f.slice(path.length + 1).split('/')[0]),
    run(command, args) {
      fake.runs.push([command, ...args])
      const out = options.outputs?.[command]
      if (out === undefined) throw new Error(`${command} failed`)
      return out
    },
  }
  return fake
}

const PLATFORMS = ['linux', 'darwin', 'win32'] as const

describe('platform processes', () => {
  for (const platform of PLATFORMS) {
    describe(platform, () => {
      it('a pid is alive when kill(pid, 0) succeeds or says EPERM, never for 0 or a negative pid', () => {
        expect(pidAlive(42, fakeHost(platform, {alive: [42]}))).to.equal(true)
        expect(pidAlive(43, fakeHost(platform, {alive: [42]}))).to.equal(false)
        const foreign = fakeHost(platform)
        foreign.kill = () => {
          throw Object.assign(new Error('EPERM'), {code: 'EPERM'})
        }
        expect(pidAlive(7, foreign)).to.equal(true)
        const host = fakeHost(platform, {alive: [0]})
        expect(pidAlive(0, host) || pidAlive(-3, host)).to.equal(false)
        expect(host.kills).to.deep.equal([])
      })

      it('killPid sends SIGKILL to that pid only and takes a gone process calmly', () => {
        const host = fakeHost(platform)
        killPid(9, host)
        expect(host.kills).to.deep.equal([[9, 'SIGKILL']])
      })

      it('detached spawn options never ask for a console window on Windows', () => {
        expect(detachedSpawnOptions({platform})).to.deep.equal(
          platform === 'win32' ? {detached: true, windowsHide: true} : {detached: true},
        )
      })
    })
  }

  it('stopTree signals the process group, then the pid, on Linux and macOS', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const host = fakeHost(platform, {alive: [50]})
      stopTree(50, host)
      expect(host.kills, platform).to.deep.equal([
        [-50, 'SIGKILL'],
        [50, 'SIGKILL'],
      ])
      expect(host.runs, platform).to.deep.equal([])
    }
  })

  it('stopTree runs taskkill /pid N /T /F on Windows, which has no process groups, and sends no signal', () => {
    const host = fakeHost('win32', {outputs: {taskkill: 'SUCCESS'}})
    stopTree(50, host)
    expect(host.runs).to.deep.equal([['taskkill', '/pid', '50', '/T', '/F']])
    expect(host.kills).to.deep.equal([])
    expect(() => stopTree(51, fakeHost('win32'))).not.to.throw() // taskkill fails on a gone pid: fine
  })

  it('child pids come from /proc on Linux (the ppid after the command name, which may hold spaces and parens)', () => {
    const host = fakeHost('linux', {
      files: {
        '/proc/10/stat': '10 (godot) S 1 10 10',
        '/proc/11/stat': '11 (my game (x)) S 10 11 11',
        '/proc/12/stat': '12 (other) S 99 12 12',
        '/proc/self/stat': '1 (init) S 0 1 1',
      },
    })
    expect(childPids(10, host)).to.deep.equal([11])
    expect(host.runs).to.deep.equal([])
  })

  it('child pids come from ps on macOS', () => {
    const host = fakeHost('darwin', {outputs: {ps: '    1     0\n  300   200\n  301   200\n  400   300\n'}})
    expect(childPids(200, host)).to.deep.equal([300, 301])
    expect(host.runs).to.deep.equal([['ps', '-A', '-o', 'pid=,ppid=']])
  })

  it('child pids come from Win32_Process on Windows', () => {
    const host = fakeHost('win32', {outputs: {powershell: '4100\r\n4200\r\n'}})
    expect(childPids(4000, host)).to.deep.equal([4100, 4200])
    expect(host.runs[0][0]).to.equal('powershell')
    expect(host.runs[0].at(-1)).to.equal("(Get-CimInstance Win32_Process -Filter 'ParentProcessId=4000').ProcessId")
    expect(childPids(4000, fakeHost('win32'))).to.deep.equal([]) // no powershell: none found, no throw
  })

  it('a zombie has exited: /proc state Z on Linux, ps stat Z on macOS; Windows has none', () => {
    const linux = fakeHost('linux', {alive: [5, 6], files: {'/proc/5/stat': '5 (g) Z 1', '/proc/6/stat': '6 (g) S 1'}})
    expect([exited(5, linux), exited(6, linux), exited(7, linux)]).to.deep.equal([true, false, true])
    const mac = fakeHost('darwin', {alive: [5], outputs: {ps: 'Z+\n'}})
    expect(exited(5, mac)).to.equal(true)
    expect(mac.runs).to.deep.equal([['ps', '-o', 'stat=', '-p', '5']])
    expect(exited(5, fakeHost('darwin', {alive: [5], outputs: {ps: 'S\n'}}))).to.equal(false)
    const windows = fakeHost('win32', {alive: [5]})
    expect(exited(5, windows)).to.equal(false)
    expect(windows.runs).to.deep.equal([])
  })

  it('the real host agrees with itself about this process', () => {
    expect(pidAlive(process.pid)).to.equal(true)
    expect(exited(process.pid)).to.equal(false)
  })
})

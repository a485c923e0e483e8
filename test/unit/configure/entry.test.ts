// How a client starts the server (an absolute command it can run from anywhere, never an unrelated `bridge`)
// and where the HTTP entry's port comes from.
import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

import {pathNote} from '../../../src/cli/path-note.js'
import {
  bridgeLaunch,
  httpPortFor,
  httpUrl,
  otherBridgeOnPath,
  pinnedHttpPort,
  runScript,
} from '../../../src/configure/entry.js'

const RUN_JS = resolve(import.meta.dirname, '..', '..', '..', 'bin', 'run.js')

describe('configure entry', () => {
  let dir: string
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-entry-')))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  function binDir(name: string): string {
    const bin = join(dir, name)
    mkdirSync(bin)
    return bin
  }

  describe('bridgeLaunch', () => {
    it('runs this package with this Node when no bridge of ours is on PATH', () => {
      const launch = bridgeLaunch('/games/demo', {pathEnv: binDir('empty'), execPath: '/opt/node/bin/node'})
      expect(launch).to.deep.equal({command: '/opt/node/bin/node', args: [RUN_JS, 'serve', '--project', '/games/demo']})
      expect(runScript()).to.equal(RUN_JS)
    })

    it("skips another program called bridge (iproute2's)", () => {
      const other = binDir('sbin')
      writeFileSync(join(other, 'bridge'), '#!/bin/sh\necho not ours\n')
      chmodSync(join(other, 'bridge'), 0o755)
      const launch = bridgeLaunch('/games/demo', {pathEnv: other, execPath: '/opt/node/bin/node'})
      expect(launch.command).to.equal('/opt/node/bin/node')
    })

    it('uses the bridge on PATH, by its absolute PATH name, when it links to this package', () => {
      const other = binDir('sbin')
      writeFileSync(join(other, 'bridge'), '#!/bin/sh\n')
      chmodSync(join(other, 'bridge'), 0o755)
      const npmBin = binDir('npm-bin')
      symlinkSync(RUN_JS, join(npmBin, 'bridge'))
      const pathEnv = ['relative/bin', other, npmBin].join(':')
      expect(bridgeLaunch('/games/demo', {pathEnv, platform: 'linux'})).to.deep.equal({
        command: join(npmBin, 'bridge'),
        args: ['serve', '--project', '/games/demo'],
      })
    })

    it("uses Node directly on Windows, where npm's .cmd shims need a shell", () => {
      const npmBin = binDir('npm-bin')
      symlinkSync(RUN_JS, join(npmBin, 'bridge'))
      const launch = bridgeLaunch('C:\\games\\demo', {
        pathEnv: npmBin,
        platform: 'win32',
        execPath: 'C:\\node\\node.exe',
      })
      expect(launch).to.deep.equal({
        command: 'C:\\node\\node.exe',
        args: [RUN_JS, 'serve', '--project', 'C:\\games\\demo'],
      })
    })
  })

  describe('the unambiguous name, and another bridge on PATH', () => {
    const ours = (bin: string, name: string) => symlinkSync(RUN_JS, join(bin, name))
    const theirs = (bin: string) => {
      writeFileSync(join(bin, 'bridge'), '#!/bin/sh\necho Object "serve" is unknown\n')
      chmodSync(join(bin, 'bridge'), 0o755)
    }

    it('prefers godot-bridge, the name no other program ships, over a bridge of ours', () => {
      const npmBin = binDir('npm-bin')
      ours(npmBin, 'bridge')
      ours(npmBin, 'godot-bridge')
      expect(bridgeLaunch('/g', {pathEnv: npmBin, platform: 'linux'}).command).to.equal(join(npmBin, 'godot-bridge'))
    })

    it('names the other bridge a shell would run first, and nothing when ours comes first or none is there', () => {
      const sbin = binDir('sbin')
      theirs(sbin)
      const npmBin = binDir('npm-bin')
      ours(npmBin, 'bridge')
      ours(npmBin, 'godot-bridge')
      expect(otherBridgeOnPath([sbin, npmBin].join(':'), 'linux')).to.equal(join(sbin, 'bridge'))
      expect(pathNote([sbin, npmBin].join(':'), 'linux'))
        .to.include(join(sbin, 'bridge'))
        .and.include('godot-bridge')
      // the launch still finds ours, by its absolute name
      expect(bridgeLaunch('/g', {pathEnv: [sbin, npmBin].join(':'), platform: 'linux'}).command).to.equal(
        join(npmBin, 'godot-bridge'),
      )
      expect(otherBridgeOnPath([npmBin, sbin].join(':'), 'linux')).to.equal(undefined)
      expect(pathNote(binDir('empty'), 'linux')).to.equal(undefined)
    })
  })

  describe('httpPortFor', () => {
    function project(lines: string[] = []): string {
      writeFileSync(join(dir, 'project.godot'), ['config_version=5', '', ...lines, ''].join('\n'))
      return dir
    }

    function discovery(httpPort: number): void {
      mkdirSync(join(dir, '.engine'), {recursive: true})
      writeFileSync(join(dir, '.engine', 'bridge.json'), JSON.stringify({ws_port: 9080, http_port: httpPort, pid: 1}))
    }

    it("takes the running editor's port from the discovery file first", () => {
      const root = project(['[bridge]', '', 'network/http_port=9200'])
      discovery(41234)
      expect(httpPortFor(root, {BRIDGE_MCP_HTTP_PORT: '9300'})).to.deep.equal({port: 41234, source: 'discovery'})
    })

    it('then the port pinned in project.godot, then BRIDGE_MCP_HTTP_PORT', () => {
      const root = project(['[bridge]', '', 'network/http_port=9200'])
      discovery(0)
      expect(httpPortFor(root, {BRIDGE_MCP_HTTP_PORT: '9300'})).to.deep.equal({port: 9200, source: 'project.godot'})
      const bare = project()
      expect(httpPortFor(bare, {BRIDGE_MCP_HTTP_PORT: '9300'})).to.deep.equal({port: 9300, source: 'env'})
    })

    it('refuses to guess when the editor is not running and no port is pinned', () => {
      const root = project()
      let error: (Error & {code?: string; exitCode?: number}) | undefined
      try {
        httpPortFor(root, {})
      } catch (caught) {
        error = caught as Error
      }
      expect(error?.code).to.equal('no_http_port')
      expect(error?.exitCode).to.equal(13)
      expect(error?.message).to.include('the editor is not running').and.include('network/http_port')
    })

    it('reads the pinned port only from the [bridge] section', () => {
      const root = project([
        '[other]',
        'network/http_port=1111',
        '',
        '[bridge]',
        'network/ws_port=9081',
        'network/http_port = 9201',
      ])
      expect(pinnedHttpPort(root)).to.equal(9201)
      expect(pinnedHttpPort(project(['[other]', 'network/http_port=1111']))).to.equal(undefined)
    })

    it('builds the endpoint URL on the loopback address', () => {
      expect(httpUrl(9100, '/home/me/my game')).to.equal('http://127.0.0.1:9100/mcp?project=%2Fhome%2Fme%2Fmy%20game')
    })
  })
})

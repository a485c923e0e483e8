// The TOML merge (Codex's config.toml), byte for byte: a new entry is its own table at the end, an existing one
// is patched in place with its comments and the user's keys, and nothing is written that would parse to
// anything but the old document plus the entry.
import {expect} from 'chai'

import {mergeTomlServer, type TomlMergeOptions} from '../../../src/configure/merge-toml.js'
import {refusal} from '../../support/clients.js'

const STDIO = {command: '/usr/local/bin/bridge', args: ['serve', '--project', '/games/demo']}
const HTTP = {url: 'http://127.0.0.1:9100/mcp'}

function opts(entry: Record<string, unknown>): TomlMergeOptions {
  return {file: '/home/me/.codex/config.toml', rootKey: 'mcp_servers', name: 'godot-bridge', entry}
}

const NEW_TABLE = [
  '[mcp_servers.godot-bridge]',
  'command = "/usr/local/bin/bridge"',
  'args = ["serve", "--project", "/games/demo"]',
  '',
]

describe('configure merge (TOML)', () => {
  it('creates the file as one table', () => {
    expect(mergeTomlServer(undefined, opts(STDIO))).to.deep.equal({text: NEW_TABLE.join('\n'), action: 'created'})
  })

  it('appends a new table after a blank line, leaving every other byte alone', () => {
    const before = '# settings\nmodel = "o3" # fast\n\n[mcp_servers.docs]\ncommand = "docs" # npm\n'
    const {text, action} = mergeTomlServer(before, opts(STDIO))
    expect(action).to.equal('added')
    expect(text).to.equal(before + '\n' + NEW_TABLE.join('\n'))
    const noNewline = 'model = "o3"'
    expect(mergeTomlServer(noNewline, opts(STDIO)).text).to.equal(noNewline + '\n\n' + NEW_TABLE.join('\n'))
  })

  it('follows CRLF line ends', () => {
    const before = 'model = "o3"\r\n'
    expect(mergeTomlServer(before, opts(STDIO)).text).to.equal(before + '\r\n' + NEW_TABLE.join('\r\n'))
  })

  it("updates an entry in place: its comments and the user's keys and subtables stay", () => {
    const before = [
      '[mcp_servers.godot-bridge] # the editor',
      '# started by codex',
      'command = "bridge"',
      'args = ["serve", "--project", "/old"] # old place',
      'startup_timeout_sec = 30',
      '',
      '[mcp_servers.godot-bridge.env]',
      'GODOT_BIN = "/opt/godot"',
      '',
      '[profiles.fast]',
      'model = "o4-mini"',
      '',
    ]
    const {text, action} = mergeTomlServer(before.join('\n'), opts(STDIO))
    expect(action).to.equal('updated')
    expect(text).to.equal(
      [
        ...before.slice(0, 2),
        'command = "/usr/local/bin/bridge"',
        'args = ["serve", "--project", "/games/demo"] # old place',
        ...before.slice(4),
      ].join('\n'),
    )
    expect(mergeTomlServer(text, opts(STDIO))).to.deep.equal({text, action: 'unchanged'})
  })

  it('switches transports by dropping the old transport keys only', () => {
    const before = '[mcp_servers.godot-bridge]\ncommand = "bridge"\nargs = ["serve"]\nenabled = true\n'
    const {text} = mergeTomlServer(before, opts(HTTP))
    expect(text).to.equal('[mcp_servers.godot-bridge]\nenabled = true\nurl = "http://127.0.0.1:9100/mcp"\n')
  })

  it('adds to servers written as one inline table, where a new [table] would be invalid TOML', () => {
    const before = 'mcp_servers = { docs = { command = "docs" } }\n'
    const {text, action} = mergeTomlServer(before, opts(STDIO))
    expect(action).to.equal('added')
    expect(text).to.match(/^mcp_servers = \{ docs = \{ command = "docs" \}, godot-bridge = \{ command = "\/usr/)
    const spaced = 'paths = [ "a" ]\nmcp_servers = { docs = { command = "docs" } }\n'
    expect(mergeTomlServer(spaced, opts(STDIO)).text).to.include('args = [ "serve", "--project", "/games/demo" ]')
    const tight = 'paths = ["a"]\n\n[mcp_servers.godot-bridge]\ncommand = "bridge"\nargs = ["x"]\n'
    expect(mergeTomlServer(tight, opts(STDIO)).text).to.include('args = ["serve", "--project", "/games/demo"]')
  })

  it('replaces a godot-bridge that is not a table', () => {
    const {text, action} = mergeTomlServer('[mcp_servers]\ngodot-bridge = "x"\n', opts(STDIO))
    expect(action).to.equal('updated')
    expect(text).to.include('godot-bridge = {').and.include('"/usr/local/bin/bridge"')
  })

  it('refuses a broken file with its line and column, and a servers key that is not a table', () => {
    const broken = refusal(() => mergeTomlServer('model = "o3"\nargs = ["a" "b"]\n', opts(STDIO)))
    expect(broken.code).to.equal('invalid_config')
    expect(broken.message).to.equal(
      '/home/me/.codex/config.toml:2:13: not valid TOML (Missing comma between array elements); fix it by hand, the file was left unchanged',
    )
    expect(broken.data).to.include({line: 2, column: 13})
    const twice = refusal(() => mergeTomlServer('a = 1\na = 2\n', opts(STDIO)))
    expect(twice.message).to.include(':2:1: not valid TOML (Value already defined for a)')
    const scalar = refusal(() => mergeTomlServer('mcp_servers = 3\n', opts(STDIO)))
    expect(scalar.message).to.include('"mcp_servers" must be a table, found a number')
  })
})

// The one merge every client goes through: it adds or updates the godot-bridge entry and leaves every other
// byte of the file alone, and it refuses a file it cannot parse.
import {expect} from 'chai'

import {mergeServer, type MergeOptions} from '../../../src/configure/merge.js'
import {refusal} from '../../support/clients.js'

const STDIO = {command: '/usr/local/bin/bridge', args: ['serve', '--project', '/games/demo']}
const HTTP = {type: 'http', url: 'http://127.0.0.1:9100/mcp'}

function opts(entry: Record<string, unknown>, more: Partial<MergeOptions> = {}): MergeOptions {
  return {file: '/cfg/mcp.json', rootKey: 'mcpServers', name: 'godot-bridge', entry, format: 'json', ...more}
}

describe('configure merge', () => {
  it('creates the whole file when there is none', () => {
    const {text, action} = mergeServer(undefined, opts(STDIO))
    expect(action).to.equal('created')
    expect(text).to.equal(
      '{\n  "mcpServers": {\n    "godot-bridge": {\n      "command": "/usr/local/bin/bridge",\n      "args": [\n' +
        '        "serve",\n        "--project",\n        "/games/demo"\n      ]\n    }\n  }\n}\n',
    )
  })

  it('treats an empty file as a new one', () => {
    const {text, action} = mergeServer('  \n', opts(STDIO))
    expect(action).to.equal('added')
    expect(JSON.parse(text)).to.deep.equal({mcpServers: {'godot-bridge': STDIO}})
  })

  it('keeps other servers and unknown keys, in their order, byte for byte', () => {
    const before =
      '{\n  "globalShortcut": "Ctrl+Space",\n  "mcpServers": {\n    "filesystem": {"command": "npx", "args": ["-y", "fs"]},\n' +
      '    "git": {\n      "command": "uvx",\n      "args": ["mcp-server-git"]\n    }\n  },\n  "zzz": [1, 2]\n}\n'
    const {text, action} = mergeServer(before, opts(STDIO))
    expect(action).to.equal('added')
    expect(text).to.equal(
      '{\n  "globalShortcut": "Ctrl+Space",\n  "mcpServers": {\n    "filesystem": {"command": "npx", "args": ["-y", "fs"]},\n' +
        '    "git": {\n      "command": "uvx",\n      "args": ["mcp-server-git"]\n    },\n' +
        '    "godot-bridge": {\n      "command": "/usr/local/bin/bridge",\n      "args": [\n        "serve",\n' +
        '        "--project",\n        "/games/demo"\n      ]\n    }\n  },\n  "zzz": [1, 2]\n}\n',
    )
    expect(Object.keys(JSON.parse(text))).to.deep.equal(['globalShortcut', 'mcpServers', 'zzz'])
    expect(Object.keys(JSON.parse(text).mcpServers)).to.deep.equal(['filesystem', 'git', 'godot-bridge'])
  })

  it('adds the root key when the file has none', () => {
    const {text} = mergeServer('{\n  "theme": "dark"\n}\n', opts(STDIO))
    expect(JSON.parse(text)).to.deep.equal({theme: 'dark', mcpServers: {'godot-bridge': STDIO}})
    expect(text.startsWith('{\n  "theme": "dark",\n  "mcpServers": {\n    "godot-bridge": {\n')).to.equal(true)
  })

  it('fills an empty servers object', () => {
    const {text} = mergeServer('{\n  "mcpServers": {\n  }\n}\n', opts(HTTP))
    expect(text).to.equal(
      '{\n  "mcpServers": {\n    "godot-bridge": {\n      "type": "http",\n      "url": "http://127.0.0.1:9100/mcp"\n' +
        '    }\n  }\n}\n',
    )
  })

  it('lays out a one-line file afresh', () => {
    const {text} = mergeServer('{"mcpServers": {}}', opts(HTTP))
    expect(JSON.parse(text)).to.deep.equal({mcpServers: {'godot-bridge': HTTP}})
    expect(text).to.include('\n    "godot-bridge": {\n')
  })

  it('keeps JSONC comments and trailing commas where they were', () => {
    const before = [
      '// workspace servers',
      '{',
      '  /* shared with the team */',
      '  "servers": {',
      '    // the docs server',
      '    "docs": {"type": "stdio", "command": "docs-mcp"}, // keep me here',
      '  },',
      '  "inputs": [], // none yet',
      '}',
      '',
    ].join('\n')
    const entry = {type: 'stdio', ...STDIO}
    const {text} = mergeServer(before, opts(entry, {rootKey: 'servers', format: 'jsonc'}))
    expect(text).to.equal(
      [
        '// workspace servers',
        '{',
        '  /* shared with the team */',
        '  "servers": {',
        '    // the docs server',
        '    "docs": {"type": "stdio", "command": "docs-mcp"}, // keep me here',
        '    "godot-bridge": {',
        '      "type": "stdio",',
        '      "command": "/usr/local/bin/bridge",',
        '      "args": [',
        '        "serve",',
        '        "--project",',
        '        "/games/demo"',
        '      ]',
        '    },',
        '  },',
        '  "inputs": [], // none yet',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('puts the comma before a line comment that ends the last member', () => {
    const before = '{\n  "mcpServers": {\n    "a": {"command": "a"} // the a server\n  }\n}\n'
    const {text} = mergeServer(before, opts(HTTP, {format: 'jsonc'}))
    expect(text).to.include('    "a": {"command": "a"}, // the a server\n    "godot-bridge": {\n')
  })

  it('follows the file: tabs and CRLF line ends', () => {
    const before = '{\r\n\t"mcpServers": {\r\n\t\t"a": {\r\n\t\t\t"command": "a"\r\n\t\t}\r\n\t}\r\n}\r\n'
    const {text} = mergeServer(before, opts(HTTP))
    expect(text).to.equal(
      '{\r\n\t"mcpServers": {\r\n\t\t"a": {\r\n\t\t\t"command": "a"\r\n\t\t},\r\n\t\t"godot-bridge": {\r\n' +
        '\t\t\t"type": "http",\r\n\t\t\t"url": "http://127.0.0.1:9100/mcp"\r\n\t\t}\r\n\t}\r\n}\r\n',
    )
  })

  it('keeps a byte order mark', () => {
    const {text} = mergeServer('\uFEFF{\n  "mcpServers": {}\n}\n', opts(HTTP))
    expect(text.startsWith('\uFEFF{')).to.equal(true)
    expect(JSON.parse(text.slice(1))).to.deep.equal({mcpServers: {'godot-bridge': HTTP}})
  })

  it('updates an existing entry in place, keeping its position and the keys it does not own', () => {
    const before =
      '{\n  "mcpServers": {\n    "godot-bridge": {\n      "command": "bridge",\n      "args": ["serve"],\n' +
      '      "env": {"GODOT_BIN": "/opt/godot"}\n    },\n    "after": {"command": "x"}\n  }\n}\n'
    const {text, action} = mergeServer(before, opts(STDIO))
    expect(action).to.equal('updated')
    const servers = JSON.parse(text).mcpServers
    expect(Object.keys(servers)).to.deep.equal(['godot-bridge', 'after'])
    expect(servers['godot-bridge']).to.deep.equal({...STDIO, env: {GODOT_BIN: '/opt/godot'}})
    expect(Object.keys(servers['godot-bridge'])).to.deep.equal(['command', 'args', 'env'])
    expect(text).to.include('\n    "after": {"command": "x"}\n')
  })

  it('drops the stdio keys when the entry becomes an HTTP one, and back', () => {
    const stdio = mergeServer(undefined, opts({...STDIO, env: {A: '1'}})).text
    const http = mergeServer(stdio, opts(HTTP))
    expect(http.action).to.equal('updated')
    expect(JSON.parse(http.text).mcpServers['godot-bridge']).to.deep.equal({env: {A: '1'}, ...HTTP})
    const back = mergeServer(http.text, opts(STDIO))
    expect(JSON.parse(back.text).mcpServers['godot-bridge']).to.deep.equal({env: {A: '1'}, ...STDIO})
  })

  it('removes a stale key with its line and comma, keeping comments and indentation', () => {
    const before = [
      '{',
      '  "mcpServers": {',
      '    "godot-bridge": {',
      '      "command": "bridge", // started by the client',
      '      "args": ["serve"],',
      '      "env": {"A": "1"} // for the editor',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n')
    const {text} = mergeServer(before, opts(HTTP, {format: 'jsonc'}))
    expect(text).to.equal(
      [
        '{',
        '  "mcpServers": {',
        '    "godot-bridge": {',
        '      "env": {"A": "1"}, // for the editor',
        '      "type": "http",',
        '      "url": "http://127.0.0.1:9100/mcp"',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('replaces an entry of the same name that is not an object', () => {
    const {text, action} = mergeServer('{\n  "mcpServers": {\n    "godot-bridge": "broken"\n  }\n}\n', opts(HTTP))
    expect(action).to.equal('updated')
    expect(JSON.parse(text)).to.deep.equal({mcpServers: {'godot-bridge': HTTP}})
  })

  it('is idempotent: the second merge changes nothing', () => {
    const first = mergeServer('{\n  "mcpServers": {\n    "a": {"command": "a"}\n  }\n}\n', opts(STDIO))
    const second = mergeServer(first.text, opts(STDIO))
    expect(second.action).to.equal('unchanged')
    expect(second.text).to.equal(first.text)
  })

  it('counts an entry written by hand with other formatting as unchanged', () => {
    const hand =
      '{"mcpServers": {"godot-bridge": {"args": ["serve", "--project", "/games/demo"], "command": "/usr/local/bin/bridge"}}}'
    expect(mergeServer(hand, opts(STDIO))).to.deep.equal({text: hand, action: 'unchanged'})
  })

  it('refuses invalid JSON with the file, line and column', () => {
    const error = refusal(() => mergeServer('{\n  "mcpServers": {\n    "a": {"command": "a"},\n  }\n}\n', opts(STDIO)))
    expect(error.code).to.equal('invalid_config')
    expect(error.message).to.match(/^\/cfg\/mcp\.json:4:3: not valid JSON \(a property name is expected here/)
    expect(error.message).to.include('left unchanged')
    expect(error.data).to.include({file: '/cfg/mcp.json', line: 4, column: 3})
  })

  it('refuses comments in a strict JSON file but accepts them in JSONC', () => {
    const text = '{\n  // mine\n  "mcpServers": {}\n}\n'
    expect(refusal(() => mergeServer(text, opts(STDIO))).message).to.include(
      ':2:3: not valid JSON (comments are not allowed',
    )
    expect(mergeServer(text, opts(STDIO, {format: 'jsonc'})).action).to.equal('added')
  })

  it('refuses a file whose top level or servers key is not an object', () => {
    expect(refusal(() => mergeServer('[1, 2]', opts(STDIO))).message).to.include('the top level is not an object')
    const error = refusal(() => mergeServer('{\n  "mcpServers": [1]\n}', opts(STDIO)))
    expect(error.message).to.include('/cfg/mcp.json:2:17: not valid JSON ("mcpServers" must be an object, found array)')
  })
})

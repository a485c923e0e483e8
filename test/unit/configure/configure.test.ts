// `bridge configure` end to end on disk, without an editor: every client in project and global scope in temp
// homes and projects, merges into real-looking files, and the refusals that must leave every file as it was.
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import {CLIENT_IDS} from '../../../src/configure/clients/index.js'
import {configure, type ConfigureOptions, targetFile} from '../../../src/configure/configure.js'
import type {ClientSpec, ConfigContext} from '../../../src/configure/spec.js'
import {describeResult} from '../../../src/configure/report.js'
import {CLIENT_CASES, type Doc, refusal, withUserEnv} from '../../support/clients.js'

const BRIDGE = '/usr/local/bin/bridge'
const launch = (root: string) => ({command: BRIDGE, args: ['serve', '--project', root]})

/** Every file under dir with its text, to prove a refusal or --print touched nothing. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, {recursive: true, withFileTypes: true})) {
    const path = join(entry.parentPath, entry.name)
    files[path] = entry.isFile() ? readFileSync(path, 'utf8') : '<dir>'
  }
  return files
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

describe('bridge configure', () => {
  let base: string
  let home: string
  let repo: string
  let project: string
  let ctx: ConfigContext

  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-configure-')))
    home = join(base, 'home')
    repo = join(base, 'repo')
    project = join(repo, 'game')
    mkdirSync(home)
    mkdirSync(join(project, 'scenes'), {recursive: true})
    writeFileSync(join(project, 'project.godot'), 'config_version=5\n')
    ctx = {home, platform: 'linux', env: {}}
  })
  afterEach(() => rmSync(base, {recursive: true, force: true}))

  function run(options: Partial<ConfigureOptions> & {client: string}) {
    // toolsets: 'auto' keeps --toolsets out of the entries these tests compare; the defaults have their own test
    return configure({project, cwd: base, ctx, launch, toolsets: 'auto', ...options})
  }

  const stdio = () => ({command: BRIDGE, args: ['serve', '--project', project]})

  describe('every client, through the same cases', () => {
    it('the table covers every client the command knows', () => {
      expect(CLIENT_CASES.map((c) => c.id)).to.deep.equal(CLIENT_IDS)
    })

    for (const c of CLIENT_CASES) {
      describe(c.id, () => {
        const projectFile = () => (c.projectFile ? join(project, c.projectFile) : c.globalFile.linux(home))
        const entryIn = (file: string) => (c.parse(readFileSync(file, 'utf8'))[c.rootKey] as Doc)['godot-bridge']

        it('project scope writes the exact entry where the client reads it', () => {
          const result = run({client: c.id})
          const scope = c.projectFile ? 'project' : 'global'
          expect(result).to.include({client: c.id, scope, file: projectFile(), action: 'created', written: true})
          expect(c.parse(readFileSync(projectFile(), 'utf8'))).to.deep.equal({
            [c.rootKey]: {'godot-bridge': c.stdio(stdio())},
          })
          if (c.projectFile) expect(result.notes).to.deep.equal([])
          else expect(result.notes[0]).to.include('one config for all projects')
          expect(readFileSync(projectFile(), 'utf8')).to.equal(result.snippet_text)
        })

        it('--global writes the user-wide file and nothing in the project', () => {
          const result = run({client: c.id, global: true})
          expect(result).to.include({scope: 'global', file: c.globalFile.linux(home), action: 'created'})
          expect(entryIn(result.file)).to.deep.equal(c.stdio(stdio()))
          expect(snapshot(project)).to.deep.equal({
            [join(project, 'project.godot')]: 'config_version=5\n',
            [join(project, 'scenes')]: '<dir>',
          })
        })

        it('finds the user-wide file on macOS and Windows, and under XDG_CONFIG_HOME', () => {
          const at = (c2: ConfigContext) =>
            configure({client: c.id, project, ctx: c2, launch, global: true, print: true}).file
          expect(at({home, platform: 'darwin', env: {XDG_CONFIG_HOME: join(base, 'xdg')}})).to.equal(
            c.globalFile.darwin(home),
          )
          expect(at({home, platform: 'win32', env: {APPDATA: join(home, 'Roaming')}})).to.equal(
            c.globalFile.win32(home),
          )
          const xdg = join(base, 'xdg')
          expect(at({home, platform: 'linux', env: {XDG_CONFIG_HOME: xdg}})).to.equal(
            c.xdgFile ? c.xdgFile(xdg) : c.globalFile.linux(home),
          )
        })

        it('merges into a real config: other servers, settings and comments stay, byte for byte', () => {
          const file = projectFile()
          mkdirSync(dirname(file), {recursive: true})
          writeFileSync(file, c.existing)
          expect(run({client: c.id}).action).to.equal('added')
          const after = readFileSync(file, 'utf8')
          const lines = after.split('\n')
          for (const line of c.kept) expect(lines, `kept: ${line}`).to.include(line)
          const {[c.rootKey]: servers, ...rest} = c.parse(after)
          const {[c.rootKey]: oldServers, ...oldRest} = c.parse(c.existing)
          expect(rest).to.deep.equal(oldRest)
          expect(servers).to.deep.equal({...(oldServers as Doc), 'godot-bridge': c.stdio(stdio())})
          expect(Object.keys(servers as Doc)).to.deep.equal([...Object.keys(oldServers as Doc), 'godot-bridge'])
        })

        it('is idempotent: the second run reports and changes nothing', () => {
          const file = projectFile()
          mkdirSync(dirname(file), {recursive: true})
          writeFileSync(file, c.existing)
          run({client: c.id})
          const first = {text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs, ino: statSync(file).ino}
          expect(run({client: c.id})).to.include({action: 'unchanged', written: false})
          expect({
            text: readFileSync(file, 'utf8'),
            mtime: statSync(file).mtimeMs,
            ino: statSync(file).ino,
          }).to.deep.equal(first)
        })

        it('updates an entry that moved (another project, then HTTP), keeping what the user added to it', () => {
          const file = projectFile()
          run({client: c.id, launch: () => ({command: '/old/bridge', args: ['serve', '--project', '/old/game']})})
          writeFileSync(file, withUserEnv(c, readFileSync(file, 'utf8')))
          const env = {GODOT_BIN: '/opt/godot'}
          expect(run({client: c.id}).action).to.equal('updated')
          expect(entryIn(file)).to.deep.equal({...c.stdio(stdio()), env})
          if (!c.http) return
          ctx.env.BRIDGE_MCP_HTTP_PORT = '9123'
          const url = `http://127.0.0.1:9123/mcp?project=${encodeURIComponent(project)}`
          expect(run({client: c.id, http: true})).to.include({action: 'updated', transport: 'http'})
          expect(entryIn(file)).to.deep.equal({...c.http(url), env})
          expect(run({client: c.id})).to.include({action: 'updated', transport: 'stdio'})
          expect(entryIn(file)).to.deep.equal({...c.stdio(stdio()), env})
        })

        it('refuses a broken file, naming its line and column, and leaves it as it was', () => {
          const file = projectFile()
          mkdirSync(dirname(file), {recursive: true})
          writeFileSync(file, c.broken.text)
          const before = snapshot(base)
          const error = refusal(() => run({client: c.id}))
          expect(error.code).to.equal('invalid_config')
          expect(error.exitCode).to.equal(1)
          expect(error.message).to.include(`${file}${c.broken.at}`).and.include('left unchanged')
          expect(snapshot(base)).to.deep.equal(before)
        })

        it('--print writes nothing and shows the snippet in the file format', () => {
          const before = snapshot(base)
          for (const global of [false, true]) {
            const result = run({client: c.id, global, print: true})
            expect(result).to.include({action: 'printed', written: false})
            expect(c.parse(result.snippet_text)).to.deep.equal({[c.rootKey]: {'godot-bridge': c.stdio(stdio())}})
          }
          expect(snapshot(base)).to.deep.equal(before)
        })
      })
    }
  })

  describe('--toolsets', () => {
    it("writes the core for every client by default, and the URL's query over HTTP", () => {
      const args = (client: string) => (run({client, toolsets: undefined, print: true}).entry.args as string[]).slice(3)
      expect(args('claude-code')).to.deep.equal(['--toolsets', 'core'])
      expect(args('claude-desktop')).to.deep.equal(['--toolsets', 'core'])
      expect(run({client: 'claude-code', toolsets: undefined, print: true}).notes.join('\n')).to.include(
        'toolsets core: the small core',
      )
      const all = run({client: 'claude-code', toolsets: 'all', print: true}).entry.args as string[]
      expect(all.slice(3)).to.deep.equal(['--toolsets', 'all'])
      // every client starts with the core; a capped client's note says how far it can widen
      const cursor = run({client: 'cursor', toolsets: undefined, print: true})
      expect((cursor.entry.args as string[])[3]).to.equal('--toolsets')
      expect((cursor.entry.args as string[])[4]).to.equal('core')
      expect(cursor.notes.join('\n')).to.include('at most 40 tools')
      for (const client of ['vscode', 'codex', 'zed', 'gemini-cli', 'qwen-code'])
        expect(args(client)[1], client).to.equal('core')
      const opencode = run({client: 'opencode', toolsets: undefined, print: true}).entry.command as string[]
      expect(opencode.at(-1)).to.equal('core')
      ctx.env.BRIDGE_MCP_HTTP_PORT = '9123'
      const http = run({client: 'cursor', toolsets: 'scene,runtime', http: true, print: true})
      expect(http.entry).to.deep.equal({
        url: `http://127.0.0.1:9123/mcp?project=${encodeURIComponent(project)}&toolsets=scene,runtime`,
      })
      expect(run({client: 'claude-code', toolsets: undefined, http: true, print: true}).entry.url).to.equal(
        `http://127.0.0.1:9123/mcp?project=${encodeURIComponent(project)}&toolsets=core`,
      )
      // all is written too: without a query the endpoint lists the client's default, the core
      expect(run({client: 'claude-code', toolsets: 'all', http: true, print: true}).entry.url).to.equal(
        `http://127.0.0.1:9123/mcp?project=${encodeURIComponent(project)}&toolsets=all`,
      )
      expect((run({client: 'cursor', toolsets: 'auto', print: true}).entry.args as string[]).length).to.equal(3)
    })
  })

  describe('what it tells the person', () => {
    it('names the URL each client keeps it under (url, httpUrl, serverUrl) and the whole command of opencode', () => {
      ctx.env.BRIDGE_MCP_HTTP_PORT = '9123'
      for (const client of ['cursor', 'gemini-cli', 'qwen-code', 'windsurf', 'opencode']) {
        const said = describeResult(run({client, http: true, print: true}))
        expect(said, client).to.include(`url http://127.0.0.1:9123/mcp?project=`).and.not.include('undefined')
      }
      expect(describeResult(run({client: 'opencode', print: true}))).to.include(
        `runs ${BRIDGE} serve --project ${project}`,
      )
    })

    it("--global's next step speaks of the user-wide file, not of approving or trusting a project's", () => {
      for (const client of ['claude-code', 'codex', 'gemini-cli', 'qwen-code']) {
        const global = run({client, global: true})
        expect(global.next_step, client).to.not.match(/approve|trust|project/)
        expect(run({client}).next_step, client).to.match(/approve|trust/)
      }
    })
  })

  describe('--global', () => {
    it('is refused clearly for a client that has no global config', () => {
      const local: ClientSpec = {
        id: 'local-only',
        name: 'Local Only',
        rootKey: 'mcpServers',
        format: 'json',
        projectFile: '.local/mcp.json',
        stdioEntry: (l) => ({...l}),
        reload: '',
      }
      const error = refusal(() =>
        targetFile(local, {global: true, configDir: undefined, projectRoot: project, ctx}, []),
      )
      expect(error.exitCode).to.equal(2)
      expect(error.message).to.equal(
        'Local Only has no global config; drop --global to write .local/mcp.json in the project',
      )
    })
  })

  describe('--http', () => {
    beforeEach(() => {
      ctx.env.BRIDGE_MCP_HTTP_PORT = '9123'
    })
    const url9123 = () => `http://127.0.0.1:9123/mcp?project=${encodeURIComponent(project)}`

    it('writes the endpoint in the shape each client accepts, naming the project in the URL', () => {
      const url = url9123()
      run({client: 'cursor', http: true})
      expect(JSON.parse(readFileSync(join(project, '.cursor', 'mcp.json'), 'utf8'))).to.deep.equal({
        mcpServers: {'godot-bridge': {url}},
      })
      run({client: 'vscode', http: true})
      expect(readFileSync(join(project, '.vscode', 'mcp.json'), 'utf8')).to.equal(
        pretty({servers: {'godot-bridge': {type: 'http', url}}}),
      )
      const result = run({client: 'claude-code', http: true, global: true})
      expect(result.transport).to.equal('http')
      expect(readFileSync(join(home, '.claude.json'), 'utf8')).to.equal(
        pretty({mcpServers: {'godot-bridge': {type: 'http', url}}}),
      )
    })

    it('falls back to stdio for Claude Desktop, saying why', () => {
      const result = run({client: 'claude-desktop', http: true})
      expect(result.transport).to.equal('stdio')
      expect(result.entry).to.deep.equal(stdio())
      expect(result.notes.join('\n'))
        .to.include('cannot use a local HTTP server')
        .and.include('using the stdio entry instead')
    })

    it('warns that a port read from the running editor should be pinned', () => {
      mkdirSync(join(project, '.engine'))
      writeFileSync(join(project, '.engine', 'bridge.json'), JSON.stringify({ws_port: 9080, http_port: 45678, pid: 1}))
      const result = run({client: 'cursor', http: true})
      expect(result.entry).to.deep.equal({url: `http://127.0.0.1:45678/mcp?project=${encodeURIComponent(project)}`})
      expect(result.notes.join('\n')).to.include('pin it')
    })

    it('does not ask to pin a port that is already pinned', () => {
      mkdirSync(join(project, '.engine'))
      writeFileSync(join(project, '.engine', 'bridge.json'), JSON.stringify({ws_port: 9080, http_port: 45678, pid: 1}))
      writeFileSync(join(project, 'project.godot'), 'config_version=5\n\n[bridge]\n\nnetwork/http_port=45678\n')
      expect(run({client: 'cursor', http: true}).notes).to.deep.equal([])
    })

    it('refuses, writing nothing, when no port is known', () => {
      delete ctx.env.BRIDGE_MCP_HTTP_PORT
      const before = snapshot(base)
      expect(refusal(() => run({client: 'cursor', http: true})).code).to.equal('no_http_port')
      expect(snapshot(base)).to.deep.equal(before)
    })
  })

  describe('merging keeps what is there', () => {
    it('keeps every other key of ~/.claude.json, in order, and its other servers', () => {
      const file = join(home, '.claude.json')
      const before =
        '{\n  "numStartups": 42,\n  "projects": {\n    "/src/app": {\n      "allowedTools": [],\n      "mcpServers": {}\n    }\n  },\n' +
        '  "mcpServers": {\n    "github": {\n      "type": "http",\n      "url": "https://api.example.com/mcp"\n    }\n  },\n' +
        '  "userID": "abc"\n}\n'
      writeFileSync(file, before, {mode: 0o600})
      const result = run({client: 'claude-code', global: true})
      expect(result.action).to.equal('added')
      const after = readFileSync(file, 'utf8')
      const parsed = JSON.parse(after)
      expect(Object.keys(parsed)).to.deep.equal(['numStartups', 'projects', 'mcpServers', 'userID'])
      expect(parsed.mcpServers).to.deep.equal({
        github: {type: 'http', url: 'https://api.example.com/mcp'},
        'godot-bridge': stdio(),
      })
      expect(parsed.projects).to.deep.equal({'/src/app': {allowedTools: [], mcpServers: {}}})
      expect(after.startsWith(before.slice(0, before.indexOf('    }\n  },\n  "userID"')))).to.equal(true)
      expect(statSync(file).mode & 0o777).to.equal(0o600)
    })

    it('keeps the comments of a VS Code mcp.json', () => {
      const file = join(project, '.vscode', 'mcp.json')
      mkdirSync(join(project, '.vscode'))
      const before = [
        '{',
        '  // ask for the key once',
        '  "inputs": [{"type": "promptString", "id": "key", "password": true}],',
        '  "servers": {',
        '    /* the team docs */',
        '    "docs": {',
        '      "type": "stdio",',
        '      "command": "docs-mcp" // from npm',
        '    }',
        '  }',
        '}',
        '',
      ]
      writeFileSync(file, before.join('\n'))
      run({client: 'vscode'})
      const entry = [
        '    "godot-bridge": {',
        '      "type": "stdio",',
        `      "command": "${BRIDGE}",`,
        '      "args": [',
      ]
      const args = ['        "serve",', '        "--project",', `        "${project}"`, '      ]', '    }']
      expect(readFileSync(file, 'utf8')).to.equal(
        [...before.slice(0, 8), '    },', ...entry, ...args, ...before.slice(9)].join('\n'),
      )
    })

    it('updates an existing godot-bridge entry in place', () => {
      const file = join(project, '.cursor', 'mcp.json')
      mkdirSync(join(project, '.cursor'))
      const old = {command: 'bridge', args: ['serve', '--project', '/old/place'], env: {GODOT_BIN: '/opt/godot'}}
      writeFileSync(file, pretty({mcpServers: {'godot-bridge': old, other: {command: 'x'}}}))
      expect(run({client: 'cursor'}).action).to.equal('updated')
      expect(readFileSync(file, 'utf8')).to.equal(
        pretty({mcpServers: {'godot-bridge': {...stdio(), env: {GODOT_BIN: '/opt/godot'}}, other: {command: 'x'}}}),
      )
    })

    it('is idempotent: the second run reports and changes nothing', () => {
      run({client: 'claude-code'})
      const file = join(project, '.mcp.json')
      const first = {text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs, ino: statSync(file).ino}
      const again = run({client: 'claude-code'})
      expect(again).to.include({action: 'unchanged', written: false})
      expect({text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs, ino: statSync(file).ino}).to.deep.equal(
        first,
      )
    })
  })

  describe('--project and --config-dir', () => {
    it('resolves a place inside the project to its root', () => {
      const result = run({client: 'cursor', project: join(project, 'scenes')})
      expect(result.project_root).to.equal(project)
      expect(result.file).to.equal(join(project, '.cursor', 'mcp.json'))
      expect(result.entry).to.deep.equal(stdio())
    })

    it('uses the project around the working directory when --project is absent', () => {
      expect(run({client: 'cursor', project: undefined, cwd: join(project, 'scenes')}).project_root).to.equal(project)
    })

    it('refuses a directory in no project, explaining why, and writes nothing', () => {
      const before = snapshot(base)
      const error = refusal(() => run({client: 'cursor', project: repo}))
      expect(error.exitCode).to.equal(2)
      expect(error.message).to.include(`${repo} is not inside a Godot project`)
      expect(error.message).to.include('fall back to port 9080').and.include('answering editor')
      const fromCwd = refusal(() => run({client: 'vscode', project: undefined, cwd: home}))
      expect(fromCwd.message).to.include(`${home} is not inside a Godot project`)
      expect(refusal(() => run({client: 'cursor', project: join(base, 'nope')})).message).to.include(
        'no such directory',
      )
      expect(snapshot(base)).to.deep.equal(before)
    })

    it('places the config in --config-dir while the server still drives the project', () => {
      const result = run({client: 'vscode', configDir: repo})
      expect(result.file).to.equal(join(repo, '.vscode', 'mcp.json'))
      expect(JSON.parse(readFileSync(result.file, 'utf8')).servers['godot-bridge'].args).to.deep.equal([
        'serve',
        '--project',
        project,
      ])
      expect(run({client: 'claude-code', configDir: '..', cwd: project}).file).to.equal(join(repo, '.mcp.json'))
    })

    it("moves Claude Desktop's single file with --config-dir", () => {
      expect(run({client: 'claude-desktop', configDir: base}).file).to.equal(join(base, 'claude_desktop_config.json'))
    })

    it('refuses a missing --config-dir, and --config-dir with --global', () => {
      expect(refusal(() => run({client: 'cursor', configDir: join(base, 'nope')})).message).to.include(
        'no such directory',
      )
      expect(refusal(() => run({client: 'cursor', configDir: repo, global: true})).message).to.include(
        'cannot be combined with --global',
      )
    })
  })

  describe('refusals leave files as they were', () => {
    it('--print writes nothing and returns the snippet', () => {
      const before = snapshot(base)
      for (const client of ['claude-desktop', 'cursor', 'vscode', 'claude-code']) {
        for (const global of [false, true]) {
          const result = run({client, global, print: true})
          expect(result).to.include({action: 'printed', written: false})
          expect(Object.values(result.snippet)[0]).to.have.property('godot-bridge')
        }
      }
      expect(run({client: 'vscode', print: true}).snippet).to.deep.equal({
        servers: {'godot-bridge': {type: 'stdio', ...stdio()}},
      })
      expect(snapshot(base)).to.deep.equal(before)
    })

    it('refuses a broken config with its file and position', () => {
      const file = join(project, '.mcp.json')
      const broken = '{\n  "mcpServers": {\n    "a": {"command": "a"}\n    "b": {}\n  }\n}\n'
      writeFileSync(file, broken)
      const error = refusal(() => run({client: 'claude-code'}))
      expect(error.code).to.equal('invalid_config')
      expect(error.message).to.include(`${file}:4:5: not valid JSON (a comma is missing)`)
      expect(readFileSync(file, 'utf8')).to.equal(broken)
    })

    it('refuses an unwritable place (a file where a directory must be)', () => {
      writeFileSync(join(project, '.cursor'), 'not a directory')
      const before = snapshot(base)
      const error = refusal(() => run({client: 'cursor'}))
      expect(error.code).to.equal('config_unwritable')
      expect(error.message)
        .to.include(join(project, '.cursor', 'mcp.json'))
        .and.include('nothing was changed')
      writeFileSync(join(home, '.config'), 'not a directory')
      const global = snapshot(base)
      expect(refusal(() => run({client: 'vscode', global: true})).code).to.equal('config_unwritable')
      expect(snapshot(base)).to.deep.equal(global)
      expect(before[join(project, '.cursor')]).to.equal('not a directory')
    })

    it('refuses an unknown client with the list', () => {
      const error = refusal(() => run({client: 'emacs'}))
      expect(error.exitCode).to.equal(2)
      expect(error.message).to.equal(
        'unknown client "emacs"; choose one of: claude-desktop, cursor, vscode, claude-code, codex, windsurf, zed, gemini-cli, qwen-code, opencode',
      )
    })
  })
})

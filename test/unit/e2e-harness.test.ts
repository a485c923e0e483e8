// One e2e harness (test/support/fixture.ts): no e2e file declares its own Json type, RPC refusal helper or
// examples map, starts or stops an editor by hand, or keeps its own game bookkeeping; each command group's
// tests live in test/e2e/commands/<group>/, a folder named after a group the addon has. Read from the files.
import {expect} from 'chai'
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'

const E2E = join(REPO_ROOT, 'test', 'e2e')

/** What the shared harness provides, and how a file that re-declares it shows. */
const RULES: {rule: string; pattern: RegExp}[] = [
  {
    rule: 'declares its own Json type (import it from test/support/fixture.ts)',
    pattern: /\btype\s+Json\s*=|\binterface\s+Json\b/,
  },
  {
    rule: 'declares its own refusal helper (use fx.refused / fx.refusedKeeping / fx.failsWith / fx.rpcError)',
    pattern:
      /\b(?:function\s+|const\s+|let\s+)(?:refuse|refused|rejects|expectRefused|expectError)\w*\s*(?:=\s*(?:async\s*)?)?\(\s*(?:method|params)\b/,
  },
  {rule: 'compares state around a refusal by hand (use fx.refusedKeeping)', pattern: /\brefusedUnchanged\b/},
  {
    rule: 'builds its own examples map (use fx.examples, with useEditor({group}))',
    pattern: /\.method\s*,\s*\w+\.example\s*\]|\bexamples\s*=\s*Object\.fromEntries/,
  },
  {
    rule: 'starts an editor by hand (use useEditor(), or useEditors() where starting editors is the subject)',
    pattern: /\bstartEditor\b/,
  },
  {rule: 'keeps its own game bookkeeping (use fx.game)', pattern: /\bgameControl\b|\bconst games = new Set/},
]

function violations(text: string): {line: number; rule: string; text: string}[] {
  const out: {line: number; rule: string; text: string}[] = []
  for (const [i, line] of text.split('\n').entries())
    for (const {rule, pattern} of RULES) if (pattern.test(line)) out.push({line: i + 1, rule, text: line.trim()})
  return out
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return name.endsWith('.ts') ? [full] : []
  })
}

describe('one e2e harness', () => {
  it('finds each kind of re-declared harness helper (the check can fail)', () => {
    const bad = [
      'type Json = Record<string, any>',
      'const refused = (method: string, params: Json, code: number) =>',
      'async function rejects(method: string, params: Json): Promise<EngineError> {',
      '    refusedUnchanged(editor.client, snapshot, method, params, code)',
      'examples = Object.fromEntries((commands as Json[]).map((c) => [c.method, c.example]))',
      '    editor = await startEditor()',
      'const game = gameControl(() => editor)',
    ].join('\n')
    expect(violations(bad).map((v) => v.line)).to.deep.equal([1, 2, 3, 4, 5, 6, 7])
    // what is not a helper: a variable holding one refusal, a raw-transport refusal, an import of the fixture
    const fine = [
      "const refused = await fx.rpcError('editor.run_script', {code})",
      'async function refusedUpgrade(request: string | Buffer): Promise<HttpHead> {',
      "import {type Json, useEditor} from '../../support/fixture.js'",
    ].join('\n')
    expect(violations(fine)).to.deep.equal([])
  })

  it('no e2e file declares its own Json, refusal helper or examples map, or starts an editor by hand', () => {
    const all = files(E2E)
    const found = all.flatMap((file) =>
      violations(readFileSync(file, 'utf8')).map((v) => `${relative(REPO_ROOT, file)}:${v.line}: ${v.rule}: ${v.text}`),
    )
    console.log(`      checked ${all.length} e2e files`)
    expect(all.length, 'the e2e files were found').to.be.greaterThan(50)
    expect(found, found.join('\n')).to.deep.equal([])
  })

  it("each command group's tests live in the folder of an addon group of that name", () => {
    const commands = join(E2E, 'commands')
    const folders = readdirSync(commands).filter((name) => statSync(join(commands, name)).isDirectory())
    const strays = folders.filter((name) => !existsSync(join(REPO_ROOT, 'addon', 'commands', name)))
    expect(strays, 'folders under test/e2e/commands/ that name no addon group').to.deep.equal([])
    // a group's tests in another group's file (the old camera-lighting, environment-scene3d) show as a file
    // whose name joins two group names
    const groups = new Set(readdirSync(join(REPO_ROOT, 'addon', 'commands')))
    const joined = files(commands).filter((file) => {
      const parts = relative(commands, file).split('/').pop()!.replace('.e2e.test.ts', '').split('-')
      return parts.length > 1 && parts.every((p) => groups.has(p))
    })
    expect(joined.map((f) => relative(REPO_ROOT, f))).to.deep.equal([])
  })
})

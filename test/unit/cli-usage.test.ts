// Usage errors in bridge's words: the flag a positional argument should have been, the flag an unknown one
// probably is (by name or by what people call it), the editor's messages spelled for each surface, and
// @file / - for value flags.
import {expect} from 'chai'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {forSurface} from '../../src/catalog/wording.js'
import {prefixed} from '../../src/cli/base-command.js'
import {readFlagText} from '../../src/cli/flags.js'
import {suggestFlag, unexpectedArgument} from '../../src/cli/usage.js'
import {UsageError} from '../../src/errors.js'

describe('CLI usage wording', () => {
  it('answers a positional argument with the first required flag not given', () => {
    const flags = {
      project: {type: 'option'},
      'node-path': {type: 'option', required: true},
      property: {type: 'option', required: true},
    }
    expect(unexpectedArgument('Hero', flags, [])).to.equal(
      "unexpected argument 'Hero': flags are named, e.g. --node-path Hero.",
    )
    expect(unexpectedArgument('x', flags, ['--node-path', 'Hero'])).to.include('--property x')
  })

  it('suggests the flag an unknown one means: synonyms first, then the closest name', () => {
    expect(suggestFlag('class', ['type', 'parent', 'name'])).to.equal('type')
    expect(suggestFlag('nod-path', ['node-path', 'property'])).to.equal('node-path')
    expect(suggestFlag('zzz', ['node-path', 'property'])).to.equal(undefined)
  })

  it("spells the editor's messages for the CLI and for MCP", () => {
    const methods = ['scene.save', 'engine.search', 'project.write_file']
    const message = 'res://a.txt already exists; pass overwrite: true to replace it, or save with scene.save'
    expect(forSurface(message, 'cli', methods)).to.equal(
      'res://a.txt already exists; pass --overwrite to replace it, or save with bridge scene save',
    )
    expect(forSurface('project.write_file refuses it; try engine.search', 'mcp', methods)).to.equal(
      'project_write_file refuses it; try engine_search',
    )
    expect(forSurface('no file at res://main.tscn', 'cli', methods)).to.equal('no file at res://main.tscn')
  })

  it('puts one bridge: in front of a message, never two', () => {
    expect(prefixed('no editor')).to.equal('bridge: no editor')
    expect(prefixed('bridge node set: no node')).to.equal('bridge node set: no node')
  })

  it('reads @file values, keeps @@ literal, and names a missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-flagtext-'))
    try {
      writeFileSync(join(dir, 'p.json'), '{"a": 1}')
      expect(readFlagText(`@${join(dir, 'p.json')}`, '--params')).to.equal('{"a": 1}')
      expect(readFlagText('@@tool', '--content')).to.equal('@tool')
      expect(readFlagText('@tool\nextends Node', '--content')).to.equal('@tool\nextends Node')
      expect(() => readFlagText('@/no/such', '--content')).to.throw(UsageError, 'no such file')
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})

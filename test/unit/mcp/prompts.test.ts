// The shipped prompt files (shared with the addon's HTTP endpoint) parse, and arguments fill in.
import {ProtocolError} from '@modelcontextprotocol/server'
import {expect} from 'chai'
import {readdirSync} from 'node:fs'
import {join} from 'node:path'

import {loadCatalog} from '../../../src/catalog/catalog.js'
import {getPrompt, loadPrompts, parsePrompt, renderTools} from '../../../src/mcp/prompts.js'
import {mcpDir} from '../../../src/mcp/surface.js'
import {strayToolNames} from '../../support/prompt-tools.js'
import {serveInMemory} from '../../support/serve-in-memory.js'

describe('mcp prompts', () => {
  const prompts = loadPrompts()

  it('loads one prompt per file in addon/mcp/prompts, named after it, with a description and a body', () => {
    const files = readdirSync(join(mcpDir(), 'prompts')).filter((f) => f.endsWith('.md'))
    expect(prompts.map((p) => `${p.name}.md`)).to.deep.equal(files.sort())
    expect(prompts.map((p) => p.name)).to.include.members([
      'discover-then-drive',
      'spatial-placement',
      'launch-recovery',
      'bug-hunt',
    ])
    for (const p of prompts) {
      expect(p.description, p.name).to.be.a('string').and.have.length.greaterThan(20)
      expect(p.text, p.name).to.have.length.greaterThan(400)
      expect(p.text, p.name).to.not.include('<!--')
      for (const placeholder of p.text.match(/\{\{\s*(\w+)\s*\}\}/g) ?? [])
        expect(
          p.arguments?.map((a) => `{{${a.name}}}`),
          `${p.name}: ${placeholder} is not a declared argument`,
        ).to.include(placeholder)
    }
  })

  it('fills {{target}} in spatial-placement, and leaves no placeholder when it is omitted', () => {
    const spatial = prompts.find((p) => p.name === 'spatial-placement')!
    expect(spatial.arguments).to.deep.equal([
      {name: 'target', description: spatial.arguments![0].description, required: false},
    ])
    const filled = getPrompt(prompts, 'spatial-placement', {target: 'Lamp on the desk'})
    expect((filled.messages[0].content as {text: string}).text).to.include('Lamp on the desk')
    const bare = getPrompt(prompts, 'spatial-placement')
    expect((bare.messages[0].content as {text: string}).text).to.not.include('{{')
    expect(bare.messages[0].role).to.equal('user')
  })

  it('refuses an unknown prompt and a missing required argument', () => {
    expect(() => getPrompt(prompts, 'nope')).to.throw(ProtocolError, /unknown prompt 'nope'/)
    const strict = [
      parsePrompt(
        'p',
        '<!-- {"description": "d", "arguments": [{"name": "x", "description": "x", "required": true}]} -->\nUse {{x}}.',
      ),
    ]
    expect(() => getPrompt(strict, 'p')).to.throw(ProtocolError, /missing required argument 'x'/)
    expect((getPrompt(strict, 'p', {x: 'it'}).messages[0].content as {text: string}).text).to.equal('Use it.')
  })

  it('names only tools bridge serve lists (stdio): every prompt, rendered for its tools/list', async () => {
    const methods = loadCatalog().map((c) => c.method)
    const serve = await serveInMemory(process.cwd(), undefined, ['all'])
    try {
      const listed = new Set((await serve.client.listTools()).tools.map((t) => t.name))
      for (const p of prompts) {
        const got = await serve.client.getPrompt({name: p.name})
        const text = (got.messages[0].content as {text: string}).text
        expect(strayToolNames(text, methods, listed), p.name).to.deep.equal([])
        expect(text, p.name).to.not.include('{{tool:')
      }
      const hunt = await serve.client.getPrompt({name: 'bug-hunt'})
      const text = (hunt.messages[0].content as {text: string}).text
      for (const tool of [
        'scene_play',
        'runtime_errors',
        'editor_errors',
        'debug_set_breakpoint',
        'debug_state',
        'debug_evaluate',
        'test_run_scenario',
        'script_function_set',
      ])
        expect(text, tool).to.include(`\`${tool}\``)
    } finally {
      await serve.close()
    }
  })

  it('renders a command without a listed tool as engine_run with its method (a session with fewer toolsets)', () => {
    const text = 'Read `{{tool:runtime.errors}}`, then `{{tool:scene.tree}}`.'
    expect(renderTools(text, new Set(['engine_run', 'scene_tree']))).to.equal(
      'Read `engine_run {"method": "runtime.errors"}`, then `scene_tree`.',
    )
    const hunt = getPrompt(prompts, 'bug-hunt', {}, new Set(['engine_run', 'bridge_toolsets']))
    const methods = loadCatalog().map((c) => c.method)
    const rendered = (hunt.messages[0].content as {text: string}).text
    expect(strayToolNames(rendered, methods, new Set(['engine_run', 'bridge_toolsets']))).to.deep.equal([])
    expect(rendered).to.include('`engine_run {"method": "runtime.errors"}`')
    expect(rendered).to.not.include('`runtime_errors`')
  })

  it('names the bug-hunt steps: play, the game errors, the debugger, the fix, verify, a regression scenario red then green', () => {
    const text = getPrompt(prompts, 'bug-hunt', {symptom: 'the score counts twice'}).messages[0].content as {
      text: string
    }
    expect(text.text).to.include('the score counts twice')
    for (const method of [
      'scene.play',
      'runtime.errors',
      'editor.errors',
      'debug.set_breakpoint',
      'debug.state',
      'debug.evaluate',
      'script.function_set',
      'test.run_scenario',
    ])
      expect(prompts.find((p) => p.name === 'bug-hunt')!.text, method).to.include(`{{tool:${method}}}`)
    expect(text.text)
      .to.match(/must fail/)
      .and.to.match(/must pass now/)
  })

  it('refuses a file without the JSON header line', () => {
    expect(() => parsePrompt('bad', '# Title\ntext')).to.throw(/first line must be/)
  })
})

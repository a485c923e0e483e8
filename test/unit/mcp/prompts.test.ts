// The shipped prompt files (shared with the addon's HTTP endpoint) parse, and arguments fill in.
import {ProtocolError} from '@modelcontextprotocol/server'
import {expect} from 'chai'
import {readdirSync} from 'node:fs'
import {join} from 'node:path'

import {getPrompt, loadPrompts, parsePrompt} from '../../../src/mcp/prompts.js'
import {mcpDir} from '../../../src/mcp/surface.js'

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

  it('refuses a file without the JSON header line', () => {
    expect(() => parsePrompt('bad', '# Title\ntext')).to.throw(/first line must be/)
  })
})

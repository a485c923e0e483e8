import {expect} from 'chai'

import {exampleLine, flagFor, paramsFromFlags} from '../../src/cli/addon-command.js'
import {type CommandDoc, commandId, loadCatalog, methodFromId} from '../../src/catalog/catalog.js'
import {UsageError} from '../../src/errors.js'

const doc: CommandDoc = {
  method: 'node.add',
  summary: 'Add a node',
  params: [
    {name: 'type', type: 'string', required: true, description: 'Class'},
    {name: 'position', type: 'Vector2', required: false, description: 'Where'},
    {name: 'count', type: 'int', required: false, description: 'How many', min: 1, max: 5},
    {name: 'project', type: 'string', required: false, description: 'clashes with --project'},
  ],
  example: {type: 'Sprite2D', position: [1, 2]},
  read_only: false,
  destructive: false,
  input_schema: {
    type: 'object',
    properties: {
      type: {type: 'string'},
      position: {type: 'array', items: {type: 'number'}, minItems: 2, maxItems: 2},
      count: {type: 'integer', minimum: 1, maximum: 5},
      project: {type: 'string'},
    },
    required: ['type'],
    additionalProperties: false,
  },
}

describe('catalog → CLI commands', () => {
  it('maps methods to command ids and back', () => {
    expect(commandId('node.add')).to.equal('node:add')
    expect(commandId('runtime.capture_frames')).to.equal('runtime:capture-frames')
    expect(methodFromId('runtime:capture-frames')).to.equal('runtime.capture_frames')
    expect(methodFromId('scene save-as')).to.equal('scene.save_as')
  })

  it('builds typed params from flag text and validates them with the schema', () => {
    expect(paramsFromFlags(doc, {type: 'Sprite2D', position: '3,4', count: '2'})).to.deep.equal({
      type: 'Sprite2D',
      position: [3, 4],
      count: 2,
    })
  })

  it('refuses an out-of-range value before sending, naming the parameter', () => {
    expect(() => paramsFromFlags(doc, {type: 'X', count: '9'}))
      .to.throw(UsageError)
      .with.property('message')
      .that.includes("'count'")
  })

  it('renames a parameter that clashes with a common flag', () => {
    expect(flagFor(doc.params[3])).to.equal('param-project')
    expect(paramsFromFlags(doc, {type: 'X', 'param-project': 'p'})).to.deep.equal({type: 'X', project: 'p'})
  })

  it('renders the declared example as a command line', () => {
    expect(exampleLine(doc)).to.equal('<%= config.bin %> node add --type Sprite2D --position 1,2')
  })

  it('ships a catalog whose every command has a summary, schema and example', () => {
    const catalog = loadCatalog()
    expect(catalog.length).to.be.greaterThan(0)
    for (const c of catalog) {
      expect(c.summary, c.method).to.be.a('string').and.not.equal('')
      expect(c.input_schema, c.method).to.have.property('type', 'object')
      expect(c.example, c.method).to.be.an('object')
    }
  })
})

describe('CLI topics come from the groups themselves', () => {
  it("every group in the catalog has its own summary, and package.json's topics are exactly those", async () => {
    const {readFileSync} = await import('node:fs')
    const {CATALOG_FILE} = await import('../../src/catalog/catalog.js')
    const catalog = JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as {
      groups: {name: string; summary: string}[]
      commands: CommandDoc[]
    }
    const used = new Set(catalog.commands.map((c) => c.method.split('.')[0]))
    expect(catalog.groups.map((g) => g.name).sort()).to.deep.equal([...used].sort())
    for (const g of catalog.groups) expect(g.summary, g.name).to.be.a('string').and.not.equal('')
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    const topics = Object.fromEntries(catalog.groups.map((g) => [g.name, {description: g.summary}]))
    expect(pkg.oclif.topics).to.deep.equal(topics)
  })
})

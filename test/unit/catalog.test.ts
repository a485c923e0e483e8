import {expect} from 'chai'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {addonCommands, exampleLine, flagFor, paramsFromFlags} from '../../src/cli/addon-command.js'
import {type CommandDoc, commandId, loadCatalog, methodFromId} from '../../src/catalog/catalog.js'
import {UsageError} from '../../src/errors.js'

const REPO = join(import.meta.dirname, '..', '..')

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
    expect(methodFromId('input-map:deadzone-set')).to.equal('input_map.deadzone_set')
    for (const {method} of loadCatalog()) expect(methodFromId(commandId(method)), method).to.equal(method)
  })

  it('builds a command class on demand for every catalog id, and only for those', () => {
    const map = addonCommands({})
    const ids = Object.keys(map)
    expect(ids).to.have.length(loadCatalog().length)
    for (const id of ids) expect(map[id], id).to.be.a('function')
    expect(map['input-map:deadzone-set'].summary).to.match(/dead ?zone/i)
    expect(map['node:nope']).to.equal(undefined)
    expect('node:nope' in map).to.equal(false)
    expect((map as Record<string, unknown>).then, 'awaiting the map must not look up a command').to.equal(undefined)
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
    const {CATALOG_FILE, topicName} = await import('../../src/catalog/catalog.js')
    const catalog = JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as {
      groups: {name: string; summary: string}[]
      commands: CommandDoc[]
    }
    const used = new Set(catalog.commands.map((c) => c.method.split('.')[0]))
    expect(catalog.groups.map((g) => g.name).sort()).to.deep.equal([...used].sort())
    for (const g of catalog.groups) expect(g.summary, g.name).to.be.a('string').and.not.equal('')
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    // keyed as the commands' ids spell the topic (input_map.* → `bridge input-map …`), or oclif shows a command's
    // summary as the topic's description
    const topics = Object.fromEntries(catalog.groups.map((g) => [topicName(g.name), {description: g.summary}]))
    expect(pkg.oclif.topics).to.deep.equal(topics)
    for (const c of catalog.commands) expect(topics, c.method).to.have.property(commandId(c.method).split(':')[0])
  })
})

describe('the build’s per-command docs (dist/catalog/commands, what a one-shot reads)', () => {
  it('hold exactly each catalog command’s doc', function () {
    const dir = join(REPO, 'dist', 'catalog', 'commands')
    if (!existsSync(dir)) this.skip() // only before the first build; npm test always builds first
    const docs = loadCatalog()
    expect(readdirSync(dir)).to.have.length(docs.length)
    for (const doc of docs) expect(JSON.parse(readFileSync(join(dir, `${doc.method}.json`), 'utf8'))).to.deep.equal(doc)
  })
})

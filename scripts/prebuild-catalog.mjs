// Build step: what the CLI derives from catalog/commands.json ahead of time, so a one-shot touches only the
// command in hand:
// - dist/catalog/commands/<method>.json: each command's doc alone (src/catalog/catalog.ts `commandDoc`), so
//   running `bridge node add` reads ~2 KB instead of parsing the whole 500 KB catalog;
// - dist/catalog/validators/<hash>.cjs: ajv's standalone code for each input schema, so validating needs neither
//   ajv nor a compile at run time. Named by the schema's content hash (src/catalog/validate.ts computes the same),
//   so a catalog newer than the build simply falls back to compiling with ajv.
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {Ajv} from 'ajv'
import standaloneCode from 'ajv/dist/standalone/index.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const docsDir = join(root, 'dist', 'catalog', 'commands')
const validatorsDir = join(root, 'dist', 'catalog', 'validators')
const {commands} = JSON.parse(readFileSync(join(root, 'catalog', 'commands.json'), 'utf8'))

mkdirSync(docsDir, {recursive: true})
mkdirSync(validatorsDir, {recursive: true})
const done = new Set()
for (const doc of commands) {
  writeFileSync(join(docsDir, `${doc.method}.json`), JSON.stringify(doc))
  const hash = createHash('sha1').update(JSON.stringify(doc.input_schema)).digest('hex').slice(0, 16)
  if (done.has(hash)) continue
  done.add(hash)
  // the same options as src/catalog/validate.ts, so errors read the same either way
  const ajv = new Ajv({allErrors: true, strict: false, code: {source: true}})
  writeFileSync(join(validatorsDir, `${hash}.cjs`), standaloneCode.default(ajv, ajv.compile(doc.input_schema)))
}
console.log(`prebuild-catalog: ${commands.length} command docs, ${done.size} standalone validators in dist/catalog/`)

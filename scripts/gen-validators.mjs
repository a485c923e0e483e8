// Build step: ajv's standalone code for every catalog command's input schema, one CommonJS file per schema under
// dist/catalog/validators/<hash>.cjs, so the CLI validates a command without loading ajv or compiling anything
// at run time. Files are named by the schema's content hash (src/catalog/validate.ts computes the same), so a
// catalog newer than the build simply falls back to compiling with ajv.
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {Ajv} from 'ajv'
import standaloneCode from 'ajv/dist/standalone/index.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist', 'catalog', 'validators')
const {commands} = JSON.parse(readFileSync(join(root, 'catalog', 'commands.json'), 'utf8'))

mkdirSync(out, {recursive: true})
const done = new Set()
for (const doc of commands) {
  const hash = createHash('sha1').update(JSON.stringify(doc.input_schema)).digest('hex').slice(0, 16)
  if (done.has(hash)) continue
  done.add(hash)
  // the same options as src/catalog/validate.ts, so errors read the same either way
  const ajv = new Ajv({allErrors: true, strict: false, code: {source: true}})
  writeFileSync(join(out, `${hash}.cjs`), standaloneCode.default(ajv, ajv.compile(doc.input_schema)))
}
console.log(`gen-validators: ${done.size} standalone validators in dist/catalog/validators`)

// Build step after `oclif manifest`: oclif.manifest.json rewritten without indentation and with every character
// beyond ASCII as a \u escape. oclif reads it at every start and keeps the text for the life of the process (its
// JSON file cache): 835 KB indented, and a few characters such as `—` made V8 hold it as a two-byte string,
// 1.6 MiB of `bridge serve`'s heap; compact and ASCII it is 0.6 MiB. JSON.parse gives the same manifest.
import {readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'oclif.manifest.json')
const manifest = JSON.parse(readFileSync(file, 'utf8'))
const ascii = JSON.stringify(manifest).replace(
  /[\u0080-\uffff]/g,
  (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
)
writeFileSync(file, ascii + '\n')

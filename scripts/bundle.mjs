// Build step: bundles the CLI (src/cli/main.ts) and the public API for packs (src/index.ts) with esbuild into
// dist/bundle/, ESM with shared chunks. A one-shot then reads one file instead of ~300 modules (oclif, semver,
// ws and our own), and a pack that imports `bridge-godot` shares the host's chunks, so its commands extend the
// very oclif classes that run them. What only some commands need (serve's MCP SDK, configure's writers) stays in
// chunks loaded by dynamic import. tsc still writes dist/**/*.js and the .d.ts files beside it.
import {build} from 'esbuild'
import {rmSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'bundle')
rmSync(outdir, {recursive: true, force: true})

const result = await build({
  absWorkingDir: root,
  entryPoints: {main: 'src/cli/main.ts', index: 'src/index.ts'},
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: !process.env.BUNDLE_READABLE,
  minifySyntax: !process.env.BUNDLE_READABLE,
  legalComments: 'none',
  // identifiers stay: usage errors are told apart by oclif's error class names (src/cli/usage.ts)
  chunkNames: 'chunk-[hash]',
  // Never needed by a bundled path: oclif reaches typescript/ts-node only for a linked pack written in .ts,
  // and ws's native helpers are optional.
  // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its ESM build bundles cleanly
  alias: {'jsonc-parser': 'jsonc-parser/lib/esm/main.js'},
  external: ['typescript', 'ts-node', 'tsx', 'bufferutil', 'utf-8-validate'],
  // CommonJS dependencies call require() and read __dirname; ESM output has neither, so each file gets its own.
  banner: {
    js: [
      "import {createRequire as __bridgeCreateRequire} from 'node:module';",
      "import {fileURLToPath as __bridgeFileURLToPath} from 'node:url';",
      'const require = __bridgeCreateRequire(import.meta.url);',
      'const __bridgeFilename = __bridgeFileURLToPath(import.meta.url);',
      "const __bridgeDirname = __bridgeFileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  define: {__dirname: '__bridgeDirname', __filename: '__bridgeFilename'},
  logLevel: 'warning',
  metafile: Boolean(process.env.BUNDLE_METAFILE),
})
if (result.metafile) writeFileSync(process.env.BUNDLE_METAFILE, JSON.stringify(result.metafile))
console.log('bundle: dist/bundle/main.js (CLI) and dist/bundle/index.js (pack API)')

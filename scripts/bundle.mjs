// Build step: bundles the CLI and the pack API with esbuild into dist/bundle/:
// - main.cjs: src/cli/main.ts and everything it reaches (oclif, ws, our own code) in one CommonJS file. One
//   file instead of ~300 modules is most of a one-shot's start-up, and CommonJS is what bin/load-bundle.js can
//   run through V8's code cache on Node versions without module.enableCompileCache.
// - mcp-sdk.cjs: the MCP SDK's server (with zod), which only `bridge serve` loads, after it has answered the
//   client's opening: 40 % of the code, kept out of the file every run reads and compiles.
// - index.js: `bridge-godot` for packs, an ES module re-exporting src/index.ts's names from main.cjs, so a pack's
//   commands extend the very oclif classes that run them.
// tsc still writes dist/**/*.js and the .d.ts files beside it.
import {build} from 'esbuild'
import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'bundle')
rmSync(outdir, {recursive: true, force: true})

const readable = Boolean(process.env.BUNDLE_READABLE) // for profiling: names and lines as written
const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: !readable,
  minifySyntax: !readable,
  legalComments: 'none',
  logLevel: 'warning',
}

// The SDK's two entry points as one file (one copy of their shared core): {server, stdio}
const SDK_FILE = 'mcp-sdk.cjs'
/**
 * The SDK's Node shim brings ajv with ajv-formats (three dialects) as the default JSON Schema validator of a
 * Server, used only for elicitation answers and fromJsonSchema, neither of which bridge uses: a third of the SDK
 * bundle, evaluated at every serve start (~1 MiB of its resident memory, docs/performance.md). Its stand-in
 * names the reason if anything ever asks it to validate.
 */
const sdkWithoutAjv = {
  name: 'mcp-sdk-without-ajv',
  setup(b) {
    b.onResolve({filter: /^@modelcontextprotocol\/server\/_shims$/}, () => ({
      path: 'shims',
      namespace: 'mcp-sdk-shims',
    }))
    b.onLoad({filter: /.*/, namespace: 'mcp-sdk-shims'}, () => ({
      contents:
        "export {default as process} from 'node:process'\n" +
        'export class DefaultJsonSchemaValidator {\n' +
        '  getValidator() {\n' +
        "    throw new Error('bridge bundles the MCP SDK without ajv (scripts/bundle.mjs): pass a jsonSchemaValidator')\n" +
        '  }\n' +
        '}\n',
      loader: 'js',
    }))
  },
}
await build({
  ...common,
  plugins: [sdkWithoutAjv],
  stdin: {
    contents:
      "export * as server from '@modelcontextprotocol/server'\n" +
      "export * as stdio from '@modelcontextprotocol/server/stdio'\n",
    resolveDir: root,
    sourcefile: 'mcp-sdk-entry.js',
  },
  outfile: join(outdir, SDK_FILE),
})
// bin/load-bundle.js compiles it from the code cache too, where Node 20 has no import(): there must be none
const sdkSource = readFileSync(join(outdir, SDK_FILE), 'utf8')
if (/[^.\w"'`]import\(/.test(sdkSource))
  throw new Error(`bundle: ${SDK_FILE} holds a dynamic import() the code cache cannot serve`)
// a later SDK that reaches ajv some other way would bring it back unseen: its class name is the tell
if (sdkSource.includes('Ajv2020')) throw new Error(`bundle: ${SDK_FILE} holds ajv again (see sdkWithoutAjv)`)
/** In main.cjs, an import of the SDK is a require of mcp-sdk.cjs beside it, made where the import is evaluated. */
const sdkApart = {
  name: 'mcp-sdk-apart',
  setup(b) {
    b.onResolve({filter: /^@modelcontextprotocol\/server(\/stdio)?$/}, (args) => ({
      path: args.path,
      namespace: 'mcp-sdk',
    }))
    b.onLoad({filter: /.*/, namespace: 'mcp-sdk'}, (args) => ({
      contents: `module.exports = require('./${SDK_FILE}').${args.path.endsWith('/stdio') ? 'stdio' : 'server'}`,
      loader: 'js',
    }))
    b.onResolve({filter: new RegExp(`^\\./${SDK_FILE.replace('.', '\\.')}$`)}, (args) => ({
      path: args.path,
      external: true,
    }))
  },
}

/**
 * oclif keeps the text of every JSON file it reads for the life of the process (readJson's cache, in production),
 * so it can parse it again without reading. Its own manifest it reads once per plugin, and the CLI's is 0.6 MB: a
 * one-shot never reads it twice, and `bridge serve` would hold it for hours. Manifests are read, not cached.
 */
const OCLIF_READ_JSON = 'cache.set(path, contents);'
let oclifPatched = false
const manifestsUncached = {
  name: 'oclif-manifests-uncached',
  setup(b) {
    b.onLoad({filter: /@oclif[\\/]core[\\/]lib[\\/]util[\\/]fs\.js$/}, (args) => {
      const source = readFileSync(args.path, 'utf8')
      if (!source.includes(OCLIF_READ_JSON))
        throw new Error(`bundle: @oclif/core's readJson no longer holds '${OCLIF_READ_JSON}' (see manifestsUncached)`)
      const patched = source.replace(
        OCLIF_READ_JSON,
        "if (!path.endsWith('oclif.manifest.json')) cache.set(path, contents);",
      )
      oclifPatched = true
      return {contents: patched, loader: 'js'}
    })
  },
}

const result = await build({
  ...common,
  plugins: [sdkApart, manifestsUncached],
  entryPoints: ['src/cli/main.ts'],
  outfile: join(outdir, 'main.cjs'),
  // identifiers stay: usage errors are told apart by oclif's error class names (src/cli/usage.ts)
  // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its ESM build bundles cleanly
  alias: {'jsonc-parser': 'jsonc-parser/lib/esm/main.js'},
  // Never needed by a bundled path: oclif reaches typescript/ts-node only for a linked pack written in .ts,
  // and ws's native helpers are optional.
  external: ['typescript', 'ts-node', 'tsx', 'bufferutil', 'utf-8-validate'],
  // our own modules find the package's files from import.meta.url, which CommonJS output lacks
  define: {'import.meta.url': '__bridgeModuleUrl'},
  // and import() (oclif loading an ES module plugin) goes through __bridgeImport: see below
  banner: {
    js:
      // "use strict" first: esbuild's own comes after the banner, where it is no longer a directive
      '"use strict"; var __bridgeModuleUrl = require(\'node:url\').pathToFileURL(__filename).href;' +
      ' var __bridgeImport = globalThis.__bridgeDynamicImport ?? ((specifier) => import(specifier));',
  },
  metafile: true,
})
if (!oclifPatched) throw new Error("bundle: @oclif/core's lib/util/fs.js was not bundled (see manifestsUncached)")
if (process.env.BUNDLE_METAFILE) writeFileSync(process.env.BUNDLE_METAFILE, JSON.stringify(result.metafile))

// Code compiled from V8's code cache loses Node's import() hook on Node 20 (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING),
// so bin/load-bundle.js hands in an import() of its own and every dynamic import of the bundle's dependencies
// (each is `await import(url)`: oclif's module loader, its tsx hook, lilconfig) calls it.
const bundleFile = join(outdir, 'main.cjs')
const code = readFileSync(bundleFile, 'utf8')
const rewritten = code.replaceAll(/\bawait import\(/g, 'await __bridgeImport(')
if (/[^.\w"'`]import\(/.test(rewritten.replace(/=> import\(specifier\)/, '')))
  throw new Error('bundle: a dynamic import() the code cache cannot serve is left in main.cjs')
writeFileSync(bundleFile, rewritten)

// The pack API's names, as src/index.ts exports them (types aside)
const api = await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  write: false,
  metafile: true,
  outdir,
  logLevel: 'warning',
})
const names = Object.values(api.metafile.outputs)
  .flatMap((o) => o.exports ?? [])
  .sort()
writeFileSync(
  join(outdir, 'index.js'),
  `// bridge-godot: the pack API (src/index.ts), from the one bundle the CLI runs (scripts/bundle.mjs).\n` +
    `import bundle from './main.cjs'\n\nexport const {${names.join(', ')}} = bundle\n`,
)
console.log(
  `bundle: dist/bundle/main.cjs (CLI), ${SDK_FILE} (serve's MCP SDK) and dist/bundle/index.js (pack API: ${names.length} names)`,
)

// Loads the CLI bundle (dist/bundle/main.cjs) once per process, through V8's code cache where Node has no
// compile cache of its own: Node 22.1+ caches every module itself (module.enableCompileCache); on Node 20 the
// bundle is compiled by vm.Script with the bytes V8 produced on an earlier run, kept under
// $XDG_CACHE_HOME/bridge/code-cache (~/.cache by default). That saves most of the bundle's compile time on every
// run after the first. V8 checks the bytes against the source and its own version and flags, so a changed bundle
// or Node is compiled afresh (and cached again); any problem with the cache falls back to a plain require.
import {mkdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import Module, {createRequire} from 'node:module'
import {homedir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import vm from 'node:vm'

const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bundle', 'main.cjs')
/** The MCP SDK's own bundle, which main.cjs requires only in `bridge serve` (scripts/bundle.mjs) */
const SDK_BUNDLE = join(dirname(BUNDLE), 'mcp-sdk.cjs')

export function loadBundle() {
  const require = createRequire(import.meta.url)
  if (Module.enableCompileCache) {
    Module.enableCompileCache()
    return require(BUNDLE)
  }
  if (process.env.BRIDGE_NO_CODE_CACHE) return require(BUNDLE)
  try {
    // Code compiled from a code cache has no import() on Node 20: the bundle's dynamic imports call this one
    // (scripts/bundle.mjs rewrites them), which resolves absolute URLs, all they ever pass.
    globalThis.__bridgeDynamicImport = (specifier) => import(specifier)
    return loadCached(BUNDLE, (id, requireInBundle) =>
      // the SDK's bundle through the code cache too: serve's first tools/list waits for it
      id === './mcp-sdk.cjs' ? (Module._cache[SDK_BUNDLE]?.exports ?? loadCachedOr(SDK_BUNDLE)) : requireInBundle(id),
    )
  } catch {
    return require(BUNDLE)
  }
}

function loadCachedOr(file) {
  try {
    return loadCached(file)
  } catch {
    return createRequire(import.meta.url)(file)
  }
}

/** Runs a CommonJS file compiled with its cached bytes; `requireHook` (optional) stands in for its require. */
function loadCached(file, requireHook) {
  const source = readFileSync(file, 'utf8')
  const {size, mtimeMs} = statSync(file)
  const cacheDir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'bridge', 'code-cache')
  // one cache per kind of run: each holds the functions its kind compiles (help, serve, or an editor command)
  const stem = file === BUNDLE ? 'main' : 'mcp-sdk'
  const cacheFile = join(cacheDir, `${stem}-${runKind()}-${process.version}-${size}-${Math.trunc(mtimeMs)}.bin`)
  let cachedData
  try {
    cachedData = readFileSync(cacheFile)
  } catch {}
  const script = new vm.Script(Module.wrap(source), {filename: file, cachedData})
  // the bundle as a CommonJS module in require's cache, so oclif's require of the same file gets this copy
  const bundle = new Module(file)
  bundle.filename = file
  bundle.paths = Module._nodeModulePaths(dirname(file))
  Module._cache[file] = bundle
  const requireInBundle = createRequire(file)
  const requireFn = requireHook
    ? Object.assign((id) => requireHook(id, requireInBundle), requireInBundle)
    : requireInBundle
  try {
    script.runInThisContext()(bundle.exports, requireFn, bundle, file, dirname(file))
  } catch (error) {
    delete Module._cache[file]
    throw error
  }
  bundle.loaded = true
  // taken at exit, so the functions this run compiled are in it too
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => saveCache(script, cacheDir, cacheFile))
  return bundle.exports
}

function runKind() {
  const first = process.argv[2]
  if (first === 'serve') return 'serve'
  return !first || ['--help', '-h', 'help', '--version', '-v', 'version'].includes(first) ? 'help' : 'command'
}

function saveCache(script, cacheDir, cacheFile) {
  try {
    mkdirSync(cacheDir, {recursive: true})
    const tmp = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(tmp, script.createCachedData())
    renameSync(tmp, cacheFile) // atomic: a concurrent run reads the old file or the whole new one
  } catch {}
}

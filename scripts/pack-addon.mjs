// `npm run pack:addon`: the addon as the zip the Godot Asset Library serves. One top folder (Godot's asset
// installer strips it, as it does the folder of a repository archive) holding addons/bridge/ with exactly what
// `bridge install` copies into a project (addon/, with its LICENSE and icon.svg), so both ways of installing
// give the same files. Refuses to pack when plugin.cfg, discovery.gd and package.json disagree on the version.
// The zip carries addon/declarations.cache, built first by `npm run cache:build` (scripts/build-cache.ts, a
// headless Godot; nothing to do when it matches the addon's scripts), so the installed addon's first start
// does not load every command group. Prints the zip's path. Entries are sorted and dated SOURCE_DATE_EPOCH (default: a fixed date), so the same
// sources give the same bytes.
import {zipSync} from 'fflate'
import {spawnSync} from 'node:child_process'
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {dirname, join, relative, sep} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const addon = join(root, 'addon')
const {version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

const versions = {
  'package.json': version,
  'addon/plugin.cfg': /^version="([^"]*)"/m.exec(readFileSync(join(addon, 'plugin.cfg'), 'utf8'))?.[1],
  'addon/core/discovery.gd': /ADDON_VERSION := "([^"]*)"/.exec(
    readFileSync(join(addon, 'core', 'discovery.gd'), 'utf8'),
  )?.[1],
}
const differing = Object.entries(versions).filter(([, v]) => v !== version)
if (differing.length > 0) {
  console.error(
    `pack-addon: versions differ: ${Object.entries(versions)
      .map(([f, v]) => `${f} ${v}`)
      .join(', ')}`,
  )
  process.exit(1)
}
// the build's own output goes to stderr: stdout is the zip's path alone
const cache = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-cache.ts')], {
  cwd: root,
  stdio: ['ignore', 2, 2],
})
if (cache.status !== 0) {
  console.error('pack-addon: the declaration cache was not built (npm run cache:build); nothing packed')
  process.exit(1)
}
for (const needed of ['LICENSE', 'icon.svg', 'plugin.cfg', 'declarations.cache']) statSync(join(addon, needed))

function files(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) return files(full)
      // what an editor leaves beside sources (.import, .uid of a local run) is not part of the addon
      return /\.(import|tmp)$|^\.DS_Store$/.test(name) ? [] : [full]
    })
}

const mtime = new Date(Number(process.env.SOURCE_DATE_EPOCH ?? 1767225600) * 1000) // 2026-01-01
const top = `bridge-${version}`
const entries = {}
for (const file of files(addon)) {
  const inZip = [top, 'addons', 'bridge', ...relative(addon, file).split(sep)].join('/')
  entries[inZip] = [readFileSync(file), {mtime}]
}
const outDir = join(root, 'release')
mkdirSync(outDir, {recursive: true})
const out = join(outDir, `${top}.zip`)
writeFileSync(out, zipSync(entries, {level: 9}))
console.log(out)

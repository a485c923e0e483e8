// `npm run cache:build`: builds addon/declarations.cache (core/declaration_cache.gd) when it does not match the
// addon's scripts, with a headless Godot editor (src/editor/declaration-cache.ts). Not committed: `npm run
// pack:addon` and `bridge install` call this so a packed or installed addon carries one; `--force` rebuilds.
import {addonSourceDir} from '../src/editor/install.js'
import {addonCacheFresh, buildCache, writeAddonCache} from '../src/editor/declaration-cache.js'
import {findGodot} from '../src/editor/godot.js'

const addon = addonSourceDir()
if (!process.argv.includes('--force') && addonCacheFresh(addon)) {
  console.log(`${addon}/declarations.cache matches the addon's scripts`)
} else {
  const started = Date.now()
  const file = writeAddonCache(addon, await buildCache(addon, {godot: findGodot()}))
  console.log(`wrote ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

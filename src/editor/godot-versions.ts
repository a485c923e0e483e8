// The Godot versions bridge supports, as the addon states them (addon/core/compat.gd's FLOOR and CEILING, the
// one place they are written): `bridge status` prints them beside the editor's own version.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {addonSourceDir} from './install.js'

/** e.g. {floor: '4.3', ceiling: '4.7', range: '4.3 to 4.7'}. */
export function supportedGodot(): {floor: string; ceiling: string; range: string} {
  const text = readFileSync(join(addonSourceDir(), 'core', 'compat.gd'), 'utf8')
  const read = (name: string): string =>
    /^const \w+ := "(\d+\.\d+)"/m.exec(text.slice(text.indexOf(`const ${name} `)))?.[1] ?? '?'
  const [floor, ceiling] = [read('FLOOR'), read('CEILING')]
  return {floor, ceiling, range: `${floor} to ${ceiling}`}
}

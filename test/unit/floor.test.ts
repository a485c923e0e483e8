// The floor's shape (docs/architecture.md, "The floor: three rooms"): the router only joins the registry, the
// scheduler and the pipeline, and a call's path through them calls nothing by name, so a wrong argument to a
// stage is a parse error in the editor, not a failure on some later call.
import {expect} from 'chai'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {REPO_ROOT} from '../support/editor.js'

const CORE = join(REPO_ROOT, 'addon', 'core')
const STAGES = join(CORE, 'stages')

/** The code lines of a script (doc comments may quote code). */
function code(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
}

const hotPath = ['router.gd', 'pipeline.gd', ...readdirSync(STAGES).map((f) => join('stages', f))]

describe('the floor (addon/core)', () => {
  it('router.gd stays a hall of under 200 lines', () => {
    expect(code(join(CORE, 'router.gd')).length).to.be.below(200)
  })

  it('the pipeline calls its stages typed: no call by name on the hot path', () => {
    const byName = hotPath.flatMap((rel) =>
      code(join(CORE, rel))
        .map((line, i) => ({line, where: `${rel}:${i + 1}`}))
        .filter(({line}) => /\.call\(\s*"|\.callv\(\s*"/.test(line))
        .map(({where, line}) => `${where}: ${line.trim()}`),
    )
    expect(byName).to.deep.equal([])
  })

  it('every stage but the handler’s own is a core/stage.gd', () => {
    const stages = readdirSync(STAGES).filter((f) => f.endsWith('.gd') && f !== 'run_stage.gd')
    expect(stages.length).to.be.greaterThan(5)
    for (const file of stages)
      expect(readFileSync(join(STAGES, file), 'utf8'), file).to.match(/^extends "\.\.\/stage\.gd"$/m)
  })
})

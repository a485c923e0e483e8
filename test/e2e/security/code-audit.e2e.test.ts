// Everything that runs code is audited, by the router (addon/core/code_audit.gd): every parameter of every
// live command that looks like code is declared evaluates: true or false, every evaluated one reaches the
// audit trail when called (whatever the call's outcome), and runtime.step's until and watch expressions —
// run inside the game — are in `bridge audit` with their outcome.
import {expect} from 'chai'

import {evaluatingParams, type ParamLike, undeclaredCode} from '../../support/code-params.js'
import {type Json, useEditor} from '../../support/fixture.js'

describe('code run on the user’s behalf is audited (real editor)', function () {
  this.timeout(180_000)
  const fx = useEditor()
  const game = fx.game
  const commands = async () =>
    (await fx.call<{commands: {method: string; params: ParamLike[]; example?: Json}[]}>('engine.commands')).commands
  const trail = async (): Promise<Json[]> => (await fx.call('editor.audit', {limit: 200})).entries as Json[]

  after(async () => {
    await game.stop()
  })

  it('declares every live parameter that looks like code as evaluated (audited) or not run', async () => {
    const all = await commands()
    expect(undeclaredCode(all)).to.deep.equal([])
  })

  it('writes every evaluated parameter of every command to the trail before it runs, whatever the outcome', async () => {
    const all = await commands()
    const swept = evaluatingParams(all)
    console.log(`      ${swept.length} evaluated parameters swept`)
    expect(swept.length).to.be.at.least(6)
    for (const [method, p] of swept) {
      const marker = `audit_sweep_${method.replace('.', '_')}_${p.name}_${Date.now()}`
      const value = p.type === 'Array' ? [`"${marker}"`] : `"${marker}"`
      const example = all.find((c) => c.method === method)?.example ?? {}
      await fx.call(method, {...example, [p.name]: value}).catch(() => null) // refused or failed: still audited
      const mine = (await trail()).filter((e) => String(e.body ?? '').includes(marker))
      expect(mine, `${method}.${p.name}`).to.have.length(1)
      expect(mine[0], `${method}.${p.name}`).to.include({kind: method, transport: 'ws'})
      const done = (await trail()).find((e) => e.id === mine[0].id && e.outcome !== 'started' && !('body' in e))
      if (mine[0].outcome === 'started') expect(done, `${method}.${p.name} has its outcome`).to.not.equal(undefined)
    }
  })

  it('shows runtime.step’s until and watch expressions in `bridge audit`, each with its outcome', async () => {
    await game.play({frozen: true})
    const marker = `step_audit_${Date.now()}`
    const out = await fx.call('runtime.step', {
      frames: 3,
      until: `"${marker}_until" == ""`,
      watch: [`"${marker}_watch"`, 'tree.get_frame() >= 0'],
    })
    expect(out.ticks).to.equal(3)
    expect(out.watched[`"${marker}_watch"`]).to.equal(`${marker}_watch`)
    const cli = await fx.cli(['audit', '--limit', '50', '--json'])
    expect(cli.code, cli.stderr).to.equal(0)
    const {entries} = JSON.parse(cli.stdout) as {entries: Json[]}
    const until = entries.find((e) => String(e.body ?? '').includes(`${marker}_until`))
    const watch = entries.find((e) => String(e.body ?? '').includes(`${marker}_watch`))
    expect(until).to.include({kind: 'runtime.step', param: 'until', outcome: 'started', transport: 'ws'})
    expect(watch).to.include({kind: 'runtime.step', param: 'watch', outcome: 'started'})
    expect(watch!.body).to.equal(`"${marker}_watch"\ntree.get_frame() >= 0`)
    for (const started of [until!, watch!]) {
      expect(entries.find((e) => e.id === started.id && e.outcome === 'ok')).to.not.equal(undefined)
    }
  })
})

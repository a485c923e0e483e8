// The rule in docs/architecture.md ("Names beside the project's class_names"): in Godot 4.6 a project's class_name
// wins over a script's own `const X := preload(…)` wherever X stands as a type (`c: Call`, `-> Router`, `as`, `is`),
// declared once is enough, and an inner class named like a project class does not parse. So every name the addon
// gives a script carries the reserved prefix Bridge, and no other name stands as a type anywhere in the addon
// (test/e2e/commands/project-class-names.e2e.test.ts starts an editor in a project declaring every such name).
import {expect} from 'chai'

import {
  addonScriptNames,
  addonTypeUses,
  KEPT_FOR_PROJECT_GROUPS,
  PREFIX,
  projectClashNames,
  unprefixed,
} from '../support/addon-names.js'

const kept = (file: string, name: string) => KEPT_FOR_PROJECT_GROUPS.some((k) => k.file === file && k.name === name)

describe('every name the addon gives a script carries the prefix Bridge', () => {
  const names = addonScriptNames()

  it('reads the names from the sources (the handlers’ call, the router, the game’s mailbox, the public Call)', () => {
    expect(names.length).to.be.greaterThan(100)
    const found = names.map((n) => `${n.file}: ${n.name}`)
    expect(found).to.include.members([
      'core/command_group.gd: BridgeCall',
      'core/command_group.gd: BridgeError',
      'core/bridge_server.gd: BridgeRouter',
      'game/inspector.gd: BridgeIpc',
      'command_group.gd: Call',
    ])
    expect(projectClashNames()).to.include.members(['Call', 'Router', 'Settings', 'Ipc', 'OutputLog', 'Server'])
    expect(projectClashNames()).not.to.include('Error') // @GlobalScope's enum: no project declares it
    expect(unprefixed('BridgeCall')).to.equal('Call')
    expect(unprefixed('Bridge')).to.equal('Bridge')
  })

  it('every preloaded script’s constant starts with Bridge (only the public base keeps Call)', () => {
    const bare = names
      .filter((n) => n.kind === 'preload' && !n.name.startsWith(PREFIX) && !kept(n.file, n.name))
      .map((n) => `addon/${n.file}:${n.line}: ${n.name}`)
    expect(bare, `name it ${PREFIX}<Name> (see docs/architecture.md)`).to.deep.equal([])
  })

  it('no addon script declares a class_name, nor an inner class without the prefix', () => {
    const bad = names
      .filter((n) => n.kind === 'class_name' || (n.kind === 'inner class' && !n.name.startsWith(PREFIX)))
      .map((n) => `addon/${n.file}:${n.line}: ${n.kind} ${n.name}`)
    expect(bad, 'a preloaded file of its own, named Bridge<Name>, instead').to.deep.equal([])
  })

  it('no name without the prefix stands as a type anywhere in the addon', () => {
    const bare = [...new Set(names.map((n) => n.name).filter((n) => !n.startsWith(PREFIX)))]
    expect(bare).to.include('Call') // the kept one is checked too
    expect(addonTypeUses(bare), 'a project class of that name would win there').to.deep.equal([])
  })
})

// One flag grammar for every command: a switch takes --x, --no-x, --x=false and --x false, and every misspelt flag of
// every command gets a did-you-mean from that command's own flags.
import {Parser} from '@oclif/core'
import {expect} from 'chai'

import {makeAddonCommand} from '../../src/cli/addon-command.js'
import {normaliseSwitches} from '../../src/cli/switches.js'
import {suggestFlag, unexpectedArgument} from '../../src/cli/usage.js'
import {findCommand, loadCatalog} from '../../src/catalog/catalog.js'
import {UsageError} from '../../src/errors.js'

type Flags = Record<string, {type?: string; allowNo?: boolean; description?: string}>

describe('switches', () => {
  const doc = findCommand('input.action')!
  const flags = makeAddonCommand(doc).flags as Flags
  const parse = async (...argv: string[]) =>
    (await Parser.parse(normaliseSwitches(['--action', 'jump', ...argv], flags), {flags: flags as never})).flags

  it('take --x, --no-x, --x=false, --x false (and true/yes/no/on/off/1/0)', async () => {
    expect((await parse('--pressed')).pressed).to.equal(true)
    expect((await parse('--no-pressed')).pressed).to.equal(false)
    expect((await parse('--pressed=false')).pressed).to.equal(false)
    expect((await parse('--pressed', 'false')).pressed).to.equal(false)
    expect((await parse('--pressed', 'true', '--strength', '0.5')).pressed).to.equal(true)
    expect((await parse('--pressed=no')).pressed).to.equal(false)
    expect((await parse('--pressed', 'ON')).pressed).to.equal(true)
    expect((await parse()).pressed).to.equal(undefined)
  })

  it('refuse a word that is neither true nor false, naming the switch', () => {
    expect(() => normaliseSwitches(['--pressed=maybe'], flags)).to.throw(
      UsageError,
      "--pressed: a switch, expected true or false, got 'maybe'",
    )
    const stray = unexpectedArgument('maybe', flags, ['--action', 'jump', '--pressed', 'maybe'])
    expect(stray).to.include('--pressed is a switch').and.not.include('--strength')
  })

  it('leave everything after -- alone', () => {
    expect(normaliseSwitches(['--pressed', '--', '--pressed', 'false'], flags)).to.deep.equal([
      '--pressed',
      '--',
      '--pressed',
      'false',
    ])
  })
})

describe('did-you-mean for every flag of every command', () => {
  it('a flag with one letter dropped or two swapped is suggested back from the command’s own flags', () => {
    const misses: string[] = []
    let checked = 0
    for (const doc of loadCatalog()) {
      const names = Object.keys(makeAddonCommand(doc).flags as Flags)
      for (const name of names) {
        if (name.length < 4) continue
        const mid = Math.floor(name.length / 2)
        const dropped = name.slice(0, mid) + name.slice(mid + 1)
        const swapped = name.slice(0, mid - 1) + name[mid] + name[mid - 1] + name.slice(mid + 1)
        for (const typo of [dropped, swapped]) {
          if (names.includes(typo)) continue
          checked++
          if (suggestFlag(typo, names) !== name)
            misses.push(`${doc.method}: --${typo} → ${suggestFlag(typo, names) ?? 'nothing'}, not --${name}`)
        }
      }
    }
    expect(checked).to.be.above(1000)
    expect(misses).to.deep.equal([])
  })
})

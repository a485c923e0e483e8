// The pack's GDScript files, checked without an editor: each is a project-local group file the addon accepts
// (@tool, the public base script, snake_case name) and declares the commands the README documents.
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {basename, join} from 'node:path'

import {commandFiles} from '../src/files.js'

describe('level pack files', () => {
  it('ships level.gd, a project-local group file on the public base script', () => {
    const files = commandFiles()
    expect(files.map((f) => basename(f))).to.deep.equal(['level.gd'])
    const text = readFileSync(files[0], 'utf8')
    expect(text.split('\n')[0]).to.equal('@tool')
    expect(text.split('\n')[1]).to.equal('extends "res://addons/bridge/command_group.gd"')
    for (const file of files) expect(basename(file)).to.match(/^[a-z][a-z0-9_]*\.gd$/)
  })

  it('declares level.paint_text and level.scatter, as the README documents them', () => {
    const text = readFileSync(commandFiles()[0], 'utf8')
    const methods = [...text.matchAll(/"method": "([a-z_]+\.[a-z_]+)"/g)].map((m) => m[1])
    expect(methods).to.deep.equal(['level.paint_text', 'level.scatter'])
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8')
    for (const m of methods) expect(readme).to.include(m)
  })
})

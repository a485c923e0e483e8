// The path jail follows symbolic links: a link inside res:// or user:// that points outside cannot carry
// a write (of any command that writes a path) or a read out of the project; a link that stays inside works.
import {expect} from 'chai'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import type {CommandDoc} from '../../../../src/catalog/catalog.js'
import {useEditor} from '../../../support/fixture.js'

describe('path jail: symbolic links out of the project', function () {
  this.timeout(120_000)
  const fx = useEditor({pristine: false})
  let outside: string
  let userDir: string

  before(async () => {
    outside = mkdtempSync(join(tmpdir(), 'bridge-outside-'))
    writeFileSync(join(outside, 'secret.txt'), 'not yours\n')
    const root = fx.editor.root
    symlinkSync(outside, join(root, 'escape'))
    symlinkSync(join(outside, 'secret.txt'), join(root, 'secret.txt'))
    mkdirSync(join(root, 'inner'))
    symlinkSync(join(root, 'inner'), join(root, 'alias'))
    userDir = (
      await fx.editor.client.call<{result: string}>('editor.run_script', {
        code: 'return ProjectSettings.globalize_path("user://")',
      })
    ).result
    mkdirSync(userDir, {recursive: true})
    symlinkSync(outside, join(userDir, 'escape'))
  })
  after(async () => {
    rmSync(outside, {recursive: true, force: true})
  })

  it('refuses every command that writes a path through a link to a folder outside (res:// and user://)', async () => {
    const {commands} = await fx.editor.client.call<{commands: CommandDoc[]}>('engine.commands')
    const writers = commands.filter((c) => c.params.some((p) => p.writes_path))
    expect(writers.map((c) => c.method)).to.include.members(['project.write_file', 'scene.create', 'scene.save_as'])
    for (const doc of writers)
      for (const param of doc.params.filter((p) => p.writes_path))
        for (const scheme of ['res://', 'user://']) {
          const example = String(doc.example[param.name] ?? 'x')
          const ext = /\.\w+$/.exec(example)?.[0] ?? ''
          const params = {...doc.example, [param.name]: `${scheme}escape/sub/file${ext}`}
          const error = await fx.rpcError(doc.method, params)
          expect(error.rpcCode, `${doc.method} ${param.name}: ${error.message}`).to.equal(-32003)
          expect(error.message).to.include('symbolic link')
        }
    expect(readdirSync(outside)).to.deep.equal(['secret.txt'])
  })

  it('refuses writing onto a link to a file outside, and reading through one', async () => {
    const write = await fx.rpcError('project.write_file', {
      path: 'res://secret.txt',
      content: 'x',
      overwrite: true,
    })
    expect(write.rpcCode).to.equal(-32003)
    const read = await fx.rpcError('project.read_file', {path: 'res://secret.txt'})
    expect(read.rpcCode).to.equal(-32003)
    expect(read.message).to.include('res://secret.txt')
    const readDir = await fx.rpcError('project.read_file', {path: 'res://escape/secret.txt'})
    expect(readDir.rpcCode).to.equal(-32003)
  })

  it('a link that stays inside the project still works', async () => {
    const out = await fx.editor.client.call<{path: string}>('project.write_file', {
      path: 'res://alias/note.txt',
      content: 'ok\n',
    })
    expect(out.path).to.equal('res://alias/note.txt')
    expect(existsSync(join(fx.editor.root, 'inner', 'note.txt'))).to.equal(true)
  })
})

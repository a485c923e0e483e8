// installProjectCommands / removeProjectCommands (the public API packs use): files land in
// <project>/bridge_commands/ only, atomically, named like group files; a folder or file that is a symbolic link
// leading out of the project is refused before anything is written.
import {expect} from 'chai'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {installProjectCommands, removeProjectCommands} from '../../src/index.js'

describe('project command files (pack API)', () => {
  let base: string
  let project: string
  let source: string

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'bridge-pc-'))
    project = join(base, 'game')
    mkdirSync(project)
    writeFileSync(join(project, 'project.godot'), 'config_version=5\n')
    source = join(base, 'pack')
    mkdirSync(source)
    writeFileSync(join(source, 'level.gd'), '@tool\n# v1\n')
  })
  afterEach(() => rmSync(base, {recursive: true, force: true}))

  it('adds, leaves unchanged, updates and removes, reporting each', () => {
    expect(installProjectCommands(project, [join(source, 'level.gd')])).to.deep.equal([
      {file: 'level.gd', res_path: 'res://bridge_commands/level.gd', status: 'added'},
    ])
    expect(readFileSync(join(project, 'bridge_commands', 'level.gd'), 'utf8')).to.equal('@tool\n# v1\n')
    expect(installProjectCommands(project, [join(source, 'level.gd')])[0].status).to.equal('unchanged')
    writeFileSync(join(source, 'level.gd'), '@tool\n# v2\n')
    expect(installProjectCommands(project, [join(source, 'level.gd')])[0].status).to.equal('updated')
    expect(readdirSync(join(project, 'bridge_commands'))).to.deep.equal(['level.gd']) // no temp file left
    writeFileSync(join(project, 'bridge_commands', 'level.gd.uid'), 'uid://x')
    expect(removeProjectCommands(project, ['level.gd', 'other.gd']).map((c) => c.status)).to.deep.equal([
      'removed',
      'absent',
    ])
    expect(readdirSync(join(project, 'bridge_commands'))).to.deep.equal([])
  })

  it('refuses a folder that is not a project and a file not named like a group file', () => {
    expect(() => installProjectCommands(base, [join(source, 'level.gd')])).to.throw('not a Godot project')
    writeFileSync(join(source, 'Bad-Name.gd'), '')
    expect(() => installProjectCommands(project, [join(source, 'Bad-Name.gd')])).to.throw('snake_case')
    expect(() => removeProjectCommands(project, ['../project.godot'])).to.throw('not a command file name')
    expect(existsSync(join(project, 'bridge_commands'))).to.equal(false)
  })

  it('refuses to write through a symbolic link that leads outside the project', () => {
    const outside = join(base, 'outside')
    mkdirSync(outside)
    symlinkSync(outside, join(project, 'bridge_commands'), 'dir')
    expect(() => installProjectCommands(project, [join(source, 'level.gd')])).to.throw('leads outside the project')
    expect(readdirSync(outside)).to.deep.equal([])
    rmSync(join(project, 'bridge_commands'))
    mkdirSync(join(project, 'bridge_commands'))
    writeFileSync(join(outside, 'level.gd'), 'theirs')
    symlinkSync(join(outside, 'level.gd'), join(project, 'bridge_commands', 'level.gd'))
    expect(() => installProjectCommands(project, [join(source, 'level.gd')])).to.throw('symbolic link')
    expect(readFileSync(join(outside, 'level.gd'), 'utf8')).to.equal('theirs')
  })
})

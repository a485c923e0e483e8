// `bridge uninstall` after a real editor session: the project installed with `install --enable`, opened, edited and
// played, then uninstalled, has the very project.godot it had before install, and no addon folder.
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {copyAddon, enablePlugin} from '../../../src/editor/install.js'
import {useEditor} from '../../support/fixture.js'

describe('bridge uninstall after an editor session (real editor)', function () {
  this.timeout(180_000)
  let before: Buffer | undefined
  const fx = useEditor({
    pristine: false,
    install: (root) => {
      before = readFileSync(join(root, 'project.godot'))
      copyAddon(root)
      enablePlugin(root)
    },
  })

  it('leaves project.godot byte-identical to before install, and refuses while the editor runs', async () => {
    await fx.call('scene.open', {path: 'res://scenes/ui.tscn'})
    await fx.call('node.add', {type: 'Node', name: 'Extra', parent: '/root/UI'})
    await fx.call('scene.save')
    await fx.call('scene.play', {scene: 'main'})
    await fx.call('scene.stop')
    const refused = await fx.cli(['uninstall'])
    expect(refused.code, refused.stdout).to.not.equal(0)
    expect(refused.stderr).to.match(/quit it first/)

    await fx.editor.stop({keepDir: true})
    const done = await fx.cli(['uninstall', '--json'])
    expect(done.code, done.stderr).to.equal(0)
    expect(JSON.parse(done.stdout)).to.deep.include({addon_removed: true, project_godot_changed: true})
    const after = readFileSync(fx.disk('project.godot'))
    expect(after.toString('utf8')).to.equal(before!.toString('utf8'))
    expect(after.equals(before!)).to.equal(true)
    expect(existsSync(fx.disk('addons/bridge'))).to.equal(false)
  })
})

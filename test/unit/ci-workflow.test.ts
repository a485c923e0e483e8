// .github/workflows/ci.yml cannot run here, so it is checked here: valid by the published GitHub workflow schema
// (@action-validator/core embeds SchemaStore's github-workflow.json), and running the suites on the three OSes
// with the official Godot build whose version the README and the harness are tested against.
import {validateWorkflow} from '@action-validator/core'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

const WORKFLOW = join(resolve(import.meta.dirname, '..', '..'), '.github', 'workflows', 'ci.yml')
const text = readFileSync(WORKFLOW, 'utf8')

describe('the CI workflow', () => {
  it('is valid by the GitHub workflow schema', () => {
    expect(validateWorkflow(text).errors).to.deep.equal([])
  })

  it('the validator refuses a workflow the schema refuses (a job without runs-on, an unknown key)', () => {
    const broken = text.replace(/^ {4}runs-on: .*$/m, '    runs_on: ubuntu-latest')
    expect(broken).not.to.equal(text)
    expect(validateWorkflow(broken).errors).not.to.deep.equal([])
  })

  it('runs the unit and e2e suites on Linux, Windows and macOS, in bash everywhere', () => {
    expect(text).to.match(/os: \[ubuntu-latest, windows-latest, macos-latest\]/)
    expect(text).to.match(/shell: bash/)
    expect(text).to.include("npx mocha 'test/unit/**/*.test.ts'")
    expect(text).to.include("npx mocha --timeout 120000 'test/e2e/**/*.test.ts'")
  })

  it('takes Godot 4.6.3 from the official builds elsewhere, and scripts/find-godot.sh on Linux', () => {
    expect(text).to.match(/GODOT_VERSION: 4\.6\.3\n/)
    expect(text).to.include('https://github.com/godotengine/godot-builds/releases/download/$tag')
    for (const asset of ['Godot_v${tag}_win64.exe.zip', 'Godot_v${tag}_macos.universal.zip', 'SHA512-SUMS.txt'])
      expect(text).to.include(asset)
    expect(text).to.include('echo "GODOT_BIN=$(bash scripts/find-godot.sh)" >> "$GITHUB_ENV"')
  })
})

// --junit on the CLI: a command whose declared result carries checks ({name, ok}) writes them as JUnit XML,
// one test case each, a failed one with its message, escaped; other commands take no such flag.
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {makeAddonCommand} from '../../src/cli/addon-command.js'
import {junitXml, returnsChecks, writeJunit} from '../../src/cli/junit.js'
import {commandDoc} from '../../src/catalog/catalog.js'

const RESULT = {
  ok: false,
  checks: [
    {name: 'p95_ms', ok: true, message: 'p95_ms: 16 -> 16; same'},
    {name: 'max_ms', ok: false, message: 'max_ms: 20 -> 200 (+900 %); lower is better; worse <&>'},
  ],
}

describe('JUnit output for results with checks', () => {
  it('writes one test case per check, a failed one as a failure with its escaped message', () => {
    const {xml, tests, failures} = junitXml('profiling.compare_reports', RESULT)
    expect([tests, failures]).to.deep.equal([2, 1])
    expect(xml).to.match(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="bridge" tests="2" failures="1"/)
    expect(xml).to.include(
      '<testcase classname="profiling.compare_reports" name="p95_ms"><system-out>p95_ms: 16 -&gt; 16; same</system-out></testcase>',
    )
    expect(xml).to.include('<failure message="max_ms: 20 -&gt; 200 (+900 %); lower is better; worse &lt;&amp;&gt;">')
  })

  it('writes the file and returns how many failed, so the command can fail the CI step', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bridge-junit-'))
    try {
      const file = join(dir, 'sub', 'report.xml')
      expect(writeJunit(file, 'profiling.compare_reports', RESULT)).to.equal(1)
      expect(readFileSync(file, 'utf8')).to.include('failures="1"')
      expect(writeJunit(file, 'x.y', {checks: []})).to.equal(0)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('gives --junit to commands whose declared result has checks, and to no other', () => {
    expect(returnsChecks({result_schema: {properties: {checks: {items: {properties: {name: {}, ok: {}}}}}}})).to.equal(
      true,
    )
    expect(returnsChecks({result_schema: {properties: {steps: {items: {properties: {ok: {}}}}}}})).to.equal(false)
    const compare = commandDoc('profiling.compare_reports')
    expect(compare, 'profiling.compare_reports is in the catalog').to.not.equal(undefined)
    expect(Object.keys((makeAddonCommand(compare!) as unknown as {flags: object}).flags)).to.include('junit')
    const status = commandDoc('runtime.status')!
    expect(Object.keys((makeAddonCommand(status) as unknown as {flags: object}).flags)).to.not.include('junit')
  })
})

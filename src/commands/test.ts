// `bridge test`: the project's playtests headless, as a CI step — every scenario and golden run under tests/
// (src/cli/playtests.ts), in the running editor or one started for the run (on the private Xvfb when frames are
// compared), a JUnit file with --junit, and a test runner's exit code: 0 all passed, 1 any failed.
import {Flags} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {projectFlag, timeoutFlag} from '../cli/flags.js'
import {junitSuitesXml, writeJunitFile} from '../cli/junit.js'
import {findPlaytests, runPlaytest, type Suite} from '../cli/playtests.js'
import {EngineClient} from '../editor/client.js'
import {editorForRun} from '../editor/for-a-run.js'
import {requireProject} from '../editor/project.js'
import {EXIT, UsageError} from '../errors.js'
import {passthrough} from './launch.js'

export default class Test extends BaseCommand {
  static summary = "Run the project's playtests (tests/*.scenario.json, tests/*.run.jsonl) headless, as CI does"
  static description =
    'Scenarios are test.run_scenario parameters; golden runs are runtime.record files, replayed with runtime.replay. Uses the running editor, or starts one for the run (headless; on the private Xvfb when a test compares frames) and quits it. Exits 1 when any test failed.'
  static examples = [
    '<%= config.bin %> test --junit reports/playtests.xml',
    '<%= config.bin %> test --project ./mygame --dir tests/smoke',
  ]
  // engine arguments for an editor started for the run go after `--`, as for bridge launch (a second editor's ports)
  static strict = false
  static flags = {
    project: projectFlag(),
    dir: Flags.string({description: 'Folder of the playtests, inside the project', default: 'tests'}),
    junit: Flags.string({description: 'Also write the results as JUnit XML to this file (one suite per test file)'}),
    godot: Flags.string({
      description: 'Godot binary, when an editor is started (default: GODOT_BIN, godot on PATH, the bridge cache)',
    }),
    timeout: timeoutFlag({description: 'Milliseconds to wait for an editor started for the run', default: 120_000}),
  }
  static enableJsonFlag = true

  async run(): Promise<{passed: number; failed: number; suites: Suite[]}> {
    const {flags, argv} = await this.parse(Test)
    const engineArgs = passthrough(this.argv, argv as string[], 'test')
    const root = requireProject(flags.project)
    const tests = findPlaytests(root, flags.dir)
    if (tests.length === 0)
      throw new UsageError(`no playtests under ${flags.dir}/ (files named *.scenario.json or *.run.jsonl)`, {
        dir: flags.dir,
      })
    const editor = await editorForRun(root, {
      frames: tests.some((t) => t.frames),
      godot: flags.godot,
      timeoutMs: flags.timeout,
      args: engineArgs,
    })
    if (editor.note) this.logToStderr(`bridge: note: ${editor.note}`)
    const suites: Suite[] = []
    try {
      const client = await EngineClient.connect({projectRoot: root, connectTimeoutMs: 5000, clientName: 'bridge test'})
      try {
        for (const test of tests) {
          const suite = await runPlaytest(client, test, editor.display)
          suites.push(suite)
          const failed = suite.cases.filter((c) => !c.ok)
          this.log(
            `${suite.ok ? 'ok  ' : 'FAIL'} ${suite.file}  (${suite.cases.length - failed.length}/${suite.cases.length})`,
          )
          for (const c of failed) this.log(`       ${c.name}: ${c.message.slice(0, 300)}`)
        }
      } finally {
        client.close()
      }
    } finally {
      await editor.stop()
    }
    const passed = suites.filter((s) => s.ok).length
    const failed = suites.length - passed
    if (flags.junit)
      writeJunitFile(flags.junit, junitSuitesXml(suites.map((s) => ({name: s.file, cases: s.cases}))).xml)
    // the plain closing line a CI reads, as a test runner prints it
    this.log(`${passed} passed, ${failed} failed`)
    // a test runner's exit code, with the report still printed (--json prints what run() returns)
    if (failed > 0) process.exitCode = EXIT.commandFailed
    return {passed, failed, suites}
  }
}

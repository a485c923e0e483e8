// `bridge launch --project DIR [--headless] [--xvfb]`: start the project's editor and wait until its bridge answers.
// Without a desktop display it runs on the private Xvfb of scripts/install-godot.sh when installed (--xvfb forces it),
// which ends with the editor, so screenshots and game frames are there; --headless only when asked (docs/frames.md).
// An editor of this project already answering is success (so `bridge launch && …` works); a project without
// the addon enabled is refused at once; any failure leaves no engine process behind and says why.
import {Flags, ux} from '@oclif/core'
import {join} from 'node:path'
import {mkdirSync, truncateSync, existsSync} from 'node:fs'

import {BaseCommand} from '../cli/base-command.js'
import {projectFlag, timeoutFlag} from '../cli/flags.js'
import {clearLaunching, launchingPid, markLaunching, readDiscovery, wsPortFor} from '../editor/discovery.js'
import {killEditor, spawnEditor, waitForEditor} from '../editor/editor-process.js'
import {editorState} from '../editor/verdicts.js'
import {BridgeCliError, EXIT, UsageError} from '../errors.js'
import {findGodot} from '../editor/godot.js'
import {addonProblem} from '../editor/install.js'
import {requireProject} from '../editor/project.js'
import {startXvfb, type XvfbServer} from '../editor/xvfb.js'
import {chooseDisplay, framesOfChoice, framesOfDiscovery} from '../editor/frames.js'

export default class Launch extends BaseCommand {
  static summary = "Start a project's Godot editor and wait until bridge answers"
  static description =
    "Returns as soon as bridge answers, often before the editor has finished opening the project (`ready`: false); commands that touch scenes wait for that inside the editor. Exits 0 at once when this project's editor already answers. Refuses a project whose bridge addon is not installed and enabled (bridge install --enable). When the engine exits while starting, quotes its log; on any failure no engine process is left behind."
  static examples = [
    '<%= config.bin %> launch --project ./mygame   # a display: the desktop, else the private Xvfb; else headless',
    '<%= config.bin %> launch --project ./mygame --headless',
    '<%= config.bin %> launch --project ./mygame --xvfb   # a server or CI: real frames, no desktop',
    '<%= config.bin %> launch --headless -- --debug-server tcp://127.0.0.1:7007   # engine arguments after --',
  ]
  // engine arguments after `--` pass through (ports of a second editor: --lsp-port, --dap-port, --debug-server)
  static strict = false
  static flags = {
    project: projectFlag(),
    headless: Flags.boolean({
      description:
        'No editor window and no frames: the editor draws nothing (default: a display, the private Xvfb when there is no desktop)',
    }),
    xvfb: Flags.boolean({
      description:
        'Run the editor on a private Xvfb (installed by scripts/install-godot.sh) that stops with it, even where there is a desktop (without a desktop it is the default)',
    }),
    godot: Flags.string({description: 'Godot binary (default: GODOT_BIN, godot on PATH, the bridge cache)'}),
    timeout: timeoutFlag({description: 'Milliseconds to wait for the editor to come up', default: 120_000}),
  }
  static enableJsonFlag = true

  async run(): Promise<Record<string, unknown>> {
    const {flags, argv} = await this.parse(Launch)
    const engineArgs = passthrough(this.argv, argv as string[])
    const root = requireProject(flags.project)
    const logFile = join(root, '.engine', 'editor.log')
    const state = await editorState(root, wsPortFor(root))
    const existing = readDiscovery(root)
    if (state.verdict === 'running' && existing) {
      this.log(`the editor of ${root} is already running (pid ${existing.pid}, ws port ${existing.ws_port})`)
      return {
        verdict: 'running',
        already_running: true,
        ready: existing.ready !== false,
        pid: existing.pid,
        ws_port: existing.ws_port,
        http_port: existing.http_port,
        ...framesOfDiscovery(existing),
        project_root: root,
        log_file: logFile,
      }
    }
    if (state.verdict === 'starting') {
      const pid = existing?.pid ?? launchingPid(root)
      throw new BridgeCliError(
        `an editor for ${root} is already starting (pid ${pid ?? '?'}); wait for it with bridge status, not a second one`,
        EXIT.starting,
        'already_starting',
        {verdict: 'starting', pid},
      )
    }
    const problem = addonProblem(root)
    if (problem)
      throw new UsageError(`${problem}; run \`bridge install --project ${root} --enable\` first`, {project_root: root})
    const godot = findGodot(flags.godot)
    mkdirSync(join(root, '.engine'), {recursive: true})
    if (existsSync(logFile)) truncateSync(logFile) // the log of this start only: its cause is quoted on failure
    // the X server outlives this command with the editor, and ends when its last client (the editor and any
    // game it plays) disconnects; a failed start stops it here
    let xvfb: XvfbServer | undefined
    const display = chooseDisplay(flags, process.env, godot)
    if (display.xvfb) xvfb = await startXvfb({godot, terminateWithClients: true, detached: true})
    const env = xvfb ? {...process.env, ...xvfb.env} : undefined
    let pid: number
    try {
      pid = spawnEditor({godot, projectRoot: root, headless: display.headless, logFile, env, args: engineArgs})
    } catch (error) {
      xvfb?.stop()
      throw error
    }
    // until it answers, the editor is ours to stop: a second launch sees it starting, Ctrl-C stops it too
    markLaunching(root, pid)
    const interrupted = () => {
      killEditor(pid)
      xvfb?.stop()
      clearLaunching(root)
      process.exit(130)
    }
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted).once('SIGHUP', interrupted)
    const quiet = this.jsonEnabled() || !process.stdout.isTTY
    if (!quiet) ux.action.start(`starting Godot editor (pid ${pid})`)
    let found
    try {
      found = await waitForEditor(
        root,
        pid,
        flags.timeout,
        (ms) => {
          if (!quiet) ux.action.status = `${(ms / 1000).toFixed(0)} s`
        },
        logFile,
        // answered is enough: the editor's own start-up work (its first scan, the session's scenes reopened)
        // is waited for inside the editor by every command that could meet it (addon/core/command_queue.gd),
        // so waiting for it here too only delayed what needs no wait (engine.*, bridge.*, status)
        false,
      )
    } catch (error) {
      killEditor(pid)
      xvfb?.stop()
      if (!quiet) ux.action.stop('failed')
      if (error instanceof BridgeCliError && !flags.headless)
        error.message += display.headless
          ? '; it was started with --headless: there is no display here and no private Xvfb'
          : `; it was started on ${xvfb ? 'the private Xvfb' : 'this display'}: pass --headless to start it without one`
      throw error
    } finally {
      clearLaunching(root)
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, interrupted)
    }
    const on = xvfb ? ` on display ${xvfb.display} (private Xvfb, pid ${xvfb.pid}, ends with the editor)` : ''
    const frames = framesOfChoice(display, Boolean(flags.headless), xvfb?.display)
    if (!quiet) ux.action.stop(`running on ws://127.0.0.1:${found.ws_port}${on}`)
    else this.log(`editor running: pid ${pid}, ws port ${found.ws_port}${on}`)
    if (!frames.frames && !flags.headless) this.log(`note: ${frames.frames_why}`)
    const ready = found.ready !== false
    if (!ready) this.log('the editor is still opening the project: commands that touch scenes wait for it')
    return {
      verdict: 'running',
      ready,
      pid,
      ...(xvfb ? {display: xvfb.display, xvfb_pid: xvfb.pid} : {}),
      ...frames,
      ws_port: found.ws_port,
      http_port: found.http_port,
      project_root: root,
      log_file: logFile,
    }
  }
}

/** The engine arguments: what follows `--`. Anything else left over is a mistake, refused as such. */
export function passthrough(raw: string[], rest: string[], command = 'launch'): string[] {
  const cut = raw.indexOf('--')
  const after = cut === -1 ? [] : raw.slice(cut + 1)
  const stray = rest.filter((a) => !after.includes(a))
  if (stray.length > 0)
    throw new UsageError(
      `${command}: unexpected ${stray.map((a) => `'${a}'`).join(', ')}; engine arguments go after --, e.g. bridge ${command} -- --debug-server tcp://127.0.0.1:7007`,
    )
  return after
}

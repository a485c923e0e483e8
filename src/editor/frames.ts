// Whether an editor can give pictures (editor.screenshot, the frames of the games it plays): only with a display.
// `bridge launch` picks the display and `bridge status` reads what the editor reports in its discovery file.
import {xvfbRoot} from './xvfb.js'

export interface FramesVerdict {
  frames: boolean
  /** Why (not): the display it runs on, or what would give it one. */
  frames_why: string
}

/** How launch starts the editor: on the private Xvfb (`xvfb`) and/or without a renderer (`headless`). */
export interface DisplayChoice {
  xvfb: boolean
  headless: boolean
}

/**
 * --headless and --xvfb as asked (both: a lighter editor whose games still render); neither: the desktop's display,
 * else the private Xvfb when it is installed, else headless.
 */
export function chooseDisplay(
  flags: {headless?: boolean; xvfb?: boolean},
  env: NodeJS.ProcessEnv,
  godot: string,
  hasXvfb: (godot: string) => boolean = (g) => xvfbRoot(g) !== undefined,
): DisplayChoice {
  const desktop = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY)
  const xvfb = Boolean(flags.xvfb) || (!flags.headless && !desktop && hasXvfb(godot))
  return {xvfb, headless: Boolean(flags.headless) || (!xvfb && !desktop)}
}

/** What launch says about frames (editor screenshots) for the display it chose. */
export function framesOfChoice(choice: DisplayChoice, asked: boolean, display?: string): FramesVerdict {
  const on = choice.xvfb ? `the private Xvfb, display ${display ?? '?'}` : 'this desktop display'
  if (!choice.headless) return {frames: true, frames_why: `the editor draws on ${on}`}
  if (asked)
    return {
      frames: false,
      frames_why: `--headless: the editor draws nothing (no editor screenshots)${choice.xvfb ? `; the games it plays render on ${on}` : ', nor do the games it plays'}; launch without it for frames`,
    }
  return {
    frames: false,
    frames_why:
      'headless: there is no display here and no private Xvfb (scripts/install-godot.sh installs one), so the editor and its games draw nothing',
  }
}

/** What status says about frames from the editor's discovery file (display_server, written by addon/core/discovery.gd). */
export function framesOfDiscovery(discovery: object | undefined): FramesVerdict | undefined {
  const server = (discovery as {display_server?: unknown} | undefined)?.display_server
  if (typeof server !== 'string') return undefined
  return server === 'headless'
    ? {
        frames: false,
        frames_why: 'the editor runs --headless and draws nothing; bridge launch without --headless gives frames',
      }
    : {frames: true, frames_why: `the editor draws (display server ${server})`}
}

// Whether an editor can give pictures (editor.screenshot, the frames of the games it plays): only with a display.
// `bridge launch` picks the display and `bridge status` reads what the editor reports in its discovery file.
import {xvfbRoot} from './xvfb.js'

export interface FramesVerdict {
  frames: boolean
  /** Why (not): the display it runs on, or what would give it one. */
  frames_why: string
}

export type DisplayChoice = 'xvfb' | 'display' | 'headless'

/** How launch starts the editor: --headless when asked, --xvfb when asked, else the desktop's display, else the private Xvfb when installed, else headless. */
export function chooseDisplay(
  flags: {headless?: boolean; xvfb?: boolean},
  env: NodeJS.ProcessEnv,
  godot: string,
  hasXvfb: (godot: string) => boolean = (g) => xvfbRoot(g) !== undefined,
): DisplayChoice {
  if (flags.headless) return 'headless'
  if (flags.xvfb) return 'xvfb'
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return 'display'
  return hasXvfb(godot) ? 'xvfb' : 'headless'
}

/** What launch says about frames for the display it chose. */
export function framesOfChoice(choice: DisplayChoice, asked: boolean, display?: string): FramesVerdict {
  if (choice === 'xvfb') return {frames: true, frames_why: `on the private Xvfb, display ${display ?? '?'}`}
  if (choice === 'display') return {frames: true, frames_why: 'on this desktop display'}
  return {
    frames: false,
    frames_why: asked
      ? '--headless: the editor draws nothing (no editor screenshots, no game frames); launch without it for frames'
      : 'headless: there is no display here and no private Xvfb (scripts/install-godot.sh installs one), so the editor draws nothing',
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

// Paths under each platform's rules: Windows' drive letters and backslashes, and the case-insensitive file
// systems Windows and macOS ship with (NTFS, APFS by default), so one project is not taken for two. The
// platform is a parameter, so unit tests run Windows' rules on Linux with Node's path.win32.
import path from 'node:path'

export type PathRules = path.PlatformPath

export function pathRules(platform: NodeJS.Platform = process.platform): PathRules {
  return platform === 'win32' ? path.win32 : path.posix
}

/** Whether the platform's usual file system ignores case (NTFS; APFS and HFS+ unless formatted otherwise). */
export function caseInsensitive(platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'win32' || platform === 'darwin'
}

/** `p` normalized: the platform's separator, no trailing one (but a root's: / or C:\\). */
function trimmed(p: string, platform: NodeJS.Platform): string {
  const rules = pathRules(platform)
  const out = rules.normalize(p)
  return out.length > rules.parse(out).root.length && out.endsWith(rules.sep) ? out.slice(0, -1) : out
}

/** trimmed(), in lower case where the file system ignores case. */
function comparable(p: string, platform: NodeJS.Platform): string {
  const out = trimmed(p, platform)
  return caseInsensitive(platform) ? out.toLowerCase() : out
}

/** Whether two absolute paths name the same place (C:/Game and c:\game\ are one on Windows). */
export function samePath(a: string, b: string, platform: NodeJS.Platform = process.platform): boolean {
  return comparable(a, platform) === comparable(b, platform)
}

/** `target` relative to `root` in the platform's separators, or undefined when it is not inside it (another drive too). */
function inside(root: string, target: string, platform: NodeJS.Platform): string | undefined {
  const rules = pathRules(platform)
  const rel = rules.relative(comparable(root, platform), comparable(target, platform))
  if (rel === '..' || rel.startsWith('..' + rules.sep) || rules.isAbsolute(rel)) return undefined
  // relative() worked on the comparable forms: take the tail of the real one, in its own case
  const real = trimmed(target, platform)
  return rel === '' ? '' : real.slice(real.length - rel.length)
}

/** Whether `target` is `root` or inside it. */
export function isInside(root: string, target: string, platform: NodeJS.Platform = process.platform): boolean {
  return inside(root, target, platform) !== undefined
}

/** The res:// path of a file of the project at `root`, or undefined when it lies outside the project. */
export function toResPath(
  root: string,
  file: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const rel = inside(root, file, platform)
  return rel === undefined ? undefined : 'res://' + rel.split(pathRules(platform).sep).join('/')
}

/** Where a res:// path of the project at `root` is on disk, or undefined when it is no res:// path or leaves the project. */
export function fromResPath(
  root: string,
  res: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (!res.startsWith('res://')) return undefined
  const rules = pathRules(platform)
  const file = rules.join(root, ...res.slice('res://'.length).split('/'))
  return isInside(root, file, platform) ? file : undefined
}

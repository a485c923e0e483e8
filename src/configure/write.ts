// Reads and replaces a client's config file so that a failure leaves it exactly as it was: the new text goes
// to a temp file beside it and is renamed over it, and every file-system refusal becomes one clear error.
import {chmodSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {randomBytes} from 'node:crypto'
import {basename, dirname, join} from 'node:path'

import {BridgeCliError, EXIT} from '../errors.js'

/** The file's text, or undefined when there is none yet. */
export function readConfig(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // ENOTDIR: a parent is a file, so there is no config yet; the write will say why it cannot make one
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw fsRefusal('read', file, error)
  }
}

/** Replaces (or creates) the file in one rename; directories it had to create are removed again on failure. */
export function writeAtomic(file: string, text: string): void {
  // a symlinked config (dotfiles) is written through the link, which a rename onto the link would replace
  const target = resolveLink(file)
  let created: string | undefined
  let tmp: string | undefined
  try {
    created = mkdirSync(dirname(target), {recursive: true})
    tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
    writeFileSync(tmp, text, {flag: 'wx'})
    const mode = existingMode(target)
    if (mode !== undefined) chmodSync(tmp, mode) // ~/.claude.json is private (0600) and must stay so
    renameSync(tmp, target)
  } catch (error) {
    cleanUp(tmp)
    cleanUp(created)
    throw fsRefusal('write', file, error)
  }
}

/** Best effort: the refusal that follows must be the first failure, not one from cleaning up. */
function cleanUp(path: string | undefined): void {
  try {
    if (path) rmSync(path, {recursive: true, force: true})
  } catch {
    // nothing more to do
  }
}

function resolveLink(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return file
  }
}

function existingMode(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o7777
  } catch {
    return undefined
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a directory on its path is a file',
  EEXIST: 'a directory on its path is a file',
  EISDIR: 'it is a directory',
  ENOSPC: 'no space left on the device',
}

function fsRefusal(action: 'read' | 'write', file: string, error: unknown): BridgeCliError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown'
  const reason = REASONS[code] ?? (error as Error).message
  return new BridgeCliError(
    `cannot ${action} ${file}: ${reason} (${code}); nothing was changed`,
    EXIT.commandFailed,
    action === 'read' ? 'config_unreadable' : 'config_unwritable',
    {file, errno: code},
  )
}

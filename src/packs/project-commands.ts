// Installs and removes a pack's GDScript command files in a project's res://bridge_commands/, by the same path
// rules the addon applies to writes: the target must be inside the project (no `..`, no symbolic link that
// leads out of it), each file is a group file named like one (snake_case .gd), and a write is atomic. A
// running editor picks the files up within a second (addon/core/local_commands.gd).
import {copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync} from 'node:fs'
import {basename, join} from 'node:path'

import {UsageError} from '../errors.js'
import {isInside} from '../platform/paths.js'

/** The folder, relative to the project root, the addon loads project-local command groups from. */
export const PROJECT_COMMANDS_DIR = 'bridge_commands'
/** A group file's name: snake_case, `.gd`. */
export const COMMAND_FILE = /^[a-z][a-z0-9_]*\.gd$/

export interface CommandFileChange {
  /** The file's name, e.g. `scatter.gd`. */
  file: string
  /** Where it lives for the editor, e.g. `res://bridge_commands/scatter.gd`. */
  res_path: string
  status: 'added' | 'updated' | 'unchanged' | 'removed' | 'absent'
}

/**
 * Copies GDScript command files into `<projectRoot>/bridge_commands/` (created when missing). Refuses, before
 * writing anything, a source that is not a group file name, a project without `project.godot`, and a folder or
 * file that is a symbolic link leading outside the project.
 */
export function installProjectCommands(projectRoot: string, sources: string[]): CommandFileChange[] {
  const dir = commandsDir(projectRoot)
  for (const source of sources) {
    if (!COMMAND_FILE.test(basename(source)))
      throw new UsageError(
        `${basename(source)}: a command file is named like a group, snake_case with .gd (e.g. scatter.gd)`,
      )
    if (!existsSync(source) || !lstatSync(source).isFile()) throw new UsageError(`${source}: no such file`)
    checkTarget(projectRoot, join(dir, basename(source)))
  }
  mkdirSync(dir, {recursive: true})
  checkInside(projectRoot, dir)
  return sources.map((source) => {
    const file = basename(source)
    const target = join(dir, file)
    const before = existsSync(target) ? readFileSync(target) : undefined
    const status = before === undefined ? 'added' : before.equals(readFileSync(source)) ? 'unchanged' : 'updated'
    if (status !== 'unchanged') {
      const temp = join(dir, `.${file}.${process.pid}.tmp`) // not .gd: the editor never sees a half-written file
      copyFileSync(source, temp)
      renameSync(temp, target)
    }
    return {file, res_path: `res://${PROJECT_COMMANDS_DIR}/${file}`, status}
  })
}

/** Removes the named command files (e.g. `scatter.gd`) from the project; one that is not there is `absent`. */
export function removeProjectCommands(projectRoot: string, files: string[]): CommandFileChange[] {
  const dir = commandsDir(projectRoot)
  return files.map((file) => {
    if (!COMMAND_FILE.test(file)) throw new UsageError(`${file}: not a command file name`)
    const target = join(dir, file)
    const res_path = `res://${PROJECT_COMMANDS_DIR}/${file}`
    if (!existsSync(target)) return {file, res_path, status: 'absent'}
    checkTarget(projectRoot, target)
    rmSync(target)
    rmSync(`${target}.uid`, {force: true}) // the editor's id file beside a script
    return {file, res_path, status: 'removed'}
  })
}

function commandsDir(projectRoot: string): string {
  if (!existsSync(join(projectRoot, 'project.godot')))
    throw new UsageError(`${projectRoot} is not a Godot project (no project.godot); pass --project <dir>`)
  return join(projectRoot, PROJECT_COMMANDS_DIR)
}

/** A target file may exist, but never as a symbolic link; its folder must resolve inside the project. */
function checkTarget(projectRoot: string, target: string): void {
  if (existsSync(target) && lstatSync(target).isSymbolicLink())
    throw new UsageError(`${target} is a symbolic link; refusing to write through it`)
  const dir = join(target, '..')
  if (existsSync(dir)) checkInside(projectRoot, dir)
}

function checkInside(projectRoot: string, path: string): void {
  if (!isInside(realpathSync(projectRoot), realpathSync(path)))
    throw new UsageError(`${path} leads outside the project ${projectRoot}; refusing to write there`)
}

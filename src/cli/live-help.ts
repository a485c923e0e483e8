// `bridge <group> <command> --help` for a command only the running editor knows (a project-local command in
// res://bridge_commands/, or a newer addon's): its help is built from the editor's live docs, as the catalog's
// commands' help is built from the offline copy, so `--help` answers whatever `bridge greet hello` runs.
import type {Command} from '@oclif/core'

import {type CommandDoc, commandId, methodFromId} from '../catalog/catalog.js'
import {EngineClient} from '../editor/client.js'
import {resolveProject} from '../editor/project.js'
import {makeAddonCommand} from './addon-command.js'

/** The live command `words` name, as oclif's help renders a command; undefined when no editor knows it. */
export async function liveCommand(words: string[], argv: string[]): Promise<Command.Loadable | undefined> {
  if (words.length !== 2) return undefined
  const method = methodFromId(words.join(':'))
  const at = argv.indexOf('--project')
  const flag = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--project='))?.slice('--project='.length)
  let root: string | undefined
  try {
    root = resolveProject(flag)
  } catch {
    return undefined
  }
  const client = await EngineClient.connect({projectRoot: root}).catch(() => undefined)
  if (!client) return undefined
  try {
    const group = method.split('.')[0]
    const {commands} = await client.call<{commands: CommandDoc[]}>('engine.commands', {group})
    const doc = commands.find((c) => c.method === method)
    return doc && loadable(doc)
  } catch {
    return undefined
  } finally {
    client.close()
  }
}

function loadable(doc: CommandDoc): Command.Loadable {
  const cls = makeAddonCommand(doc) as Command.Class & {flags: Record<string, Record<string, unknown>>}
  const flags = Object.fromEntries(Object.entries(cls.flags).map(([name, flag]) => [name, {...flag, name}]))
  return {
    id: commandId(doc.method),
    summary: cls.summary,
    description: cls.description,
    examples: cls.examples,
    flags,
    args: {},
    aliases: [],
    hidden: false,
    pluginType: 'core',
    load: async () => cls,
  } as unknown as Command.Loadable
}

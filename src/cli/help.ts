// oclif's help with a did-you-mean: `bridge help nod` names `bridge node` instead of "Command nod not found".
import {Help} from '@oclif/core'

import {closest} from '../catalog/suggest.js'
import {EXIT} from '../errors.js'

export default class BridgeHelp extends Help {
  async showHelp(argv: string[]): Promise<void> {
    const words = argv.filter((a) => !a.startsWith('-'))
    const id = words.join(':')
    // `bridge configure cursor --help`: a command followed by its arguments is that command's help
    const known = words.some((_, n) => this.config.findCommand(words.slice(0, n + 1).join(':')))
    if (id && !known && !this.config.findTopic(id)) {
      const names = [...this.config.commandIDs, ...this.config.topics.map((t) => t.name)]
      const guess = closest(id, names)
      process.stderr.write(
        `bridge: no command or topic '${words.join(' ')}'.${guess ? ` Did you mean 'bridge help ${guess.replaceAll(':', ' ')}'?` : ''} See 'bridge --help'.\n`,
      )
      process.exitCode = EXIT.usage
      return
    }
    return super.showHelp(argv)
  }
}

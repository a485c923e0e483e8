// oclif's help with a did-you-mean: `bridge help nod` names `bridge node` instead of "Command nod not found".
import {Help, type Interfaces} from '@oclif/core'

import {closest} from '../catalog/suggest.js'
import {EXIT} from '../errors.js'
import {liveCommand} from './live-help.js'

export default class BridgeHelp extends Help {
  constructor(...args: ConstructorParameters<typeof Help>) {
    super(...args)
    // oclif passes every description through an ejs template; only examples use one (`<%= config.bin %>`), and
    // compiling 44 topic lines for nothing was a tenth of `bridge --help`
    const template = this.render
    this.render = (input: string) => (input.includes('<%') ? template(input) : input)
  }

  /**
   * oclif's own list is quadratic in the number of topics, which it also fills with every command id (some
   * 380 entries here, a sixth of `bridge --help`). The same list in one pass: the topics that have children,
   * visible unless --all, by name, each once.
   */
  protected get sortedTopics(): Interfaces.Topic[] {
    const parents = new Set<string>()
    for (const {name} of this.config.topics)
      for (let at = name.indexOf(':'); at !== -1; at = name.indexOf(':', at + 1)) parents.add(name.slice(0, at))
    const seen = new Set<string>()
    return this.config.topics
      .filter((t) => parents.has(t.name) && (this.opts.all || !t.hidden))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .filter((t) => !seen.has(t.name) && Boolean(seen.add(t.name)))
  }

  async showHelp(argv: string[]): Promise<void> {
    const words = argv.filter((a) => !a.startsWith('-'))
    const id = words.join(':')
    // `bridge configure cursor --help`: a command followed by its arguments is that command's help
    const known = words.some((_, n) => this.config.findCommand(words.slice(0, n + 1).join(':')))
    if (id && !known && !this.config.findTopic(id)) {
      const live = await liveCommand(words, argv)
      if (live) return this.showCommandHelp(live)
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

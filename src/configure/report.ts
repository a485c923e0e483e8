// What `bridge configure` tells a person: the file, what happened to it, how the server is reached, and
// what to do next in the client.
import type {ConfigureResult} from './configure.js'

export function describeResult(result: ConfigureResult): string {
  const entry = result.entry
  // each client names the URL its own way (url, httpUrl, serverUrl); opencode puts the arguments in `command`
  const url = ['url', 'httpUrl', 'serverUrl'].map((k) => entry[k]).find((v) => typeof v === 'string')
  const how =
    result.transport === 'http'
      ? `url ${String(url)}`
      : `runs ${[entry.command, (entry.args as string[]) ?? []].flat().map(String).join(' ')}`
  const what = {
    created: 'created',
    added: 'added to',
    updated: 'updated in',
    unchanged: 'already up to date in',
    printed: 'would go in',
  }[result.action]
  const lines = [`${result.client_name}: "${result.server}" ${what} ${result.file} (${result.scope} scope)`, `  ${how}`]
  for (const note of result.notes) lines.push(`  note: ${note}`)
  if (result.written) lines.push(`  next: ${result.next_step}`)
  return lines.join('\n')
}

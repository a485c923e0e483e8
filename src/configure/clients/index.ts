// The clients `bridge configure` knows. A new client is one module beside these and one line here.
import {UsageError} from '../../errors.js'
import {claudeCode} from './claude-code.js'
import {claudeDesktop} from './claude-desktop.js'
import {codex} from './codex.js'
import {cursor} from './cursor.js'
import {geminiCli} from './gemini-cli.js'
import {opencode} from './opencode.js'
import {qwenCode} from './qwen-code.js'
import type {ClientSpec} from '../spec.js'
import {vscode} from './vscode.js'
import {windsurf} from './windsurf.js'
import {zed} from './zed.js'

export const CLIENTS: readonly ClientSpec[] = [
  claudeDesktop,
  cursor,
  vscode,
  claudeCode,
  codex,
  windsurf,
  zed,
  geminiCli,
  qwenCode,
  opencode,
]

export const CLIENT_IDS = CLIENTS.map((c) => c.id)

export function findClient(id: string): ClientSpec {
  const client = CLIENTS.find((c) => c.id === id)
  if (!client)
    throw new UsageError(`unknown client "${id}"; choose one of: ${CLIENT_IDS.join(', ')}`, {clients: CLIENT_IDS})
  return client
}
